/**
 * A brand's voice and answers (issue 10 item 5): how replies sound and the facts they answer from.
 * Declared once here; the API validates with these schemas, the analyser reads the inferred types.
 */
import * as z from 'zod';
import { DEFAULT_RESPONSE_TARGET_MINUTES } from './reports.js';

export const TONES = ['friendly', 'formal', 'playful'] as const;
export const Tone = z.enum(TONES);
export type Tone = z.infer<typeof Tone>;

/** The languages the embedded analyser reads and replies in (functions/src/analysis/embedded/language.ts LANGUAGES): the choices the app offers. */
export const REPLY_LANGUAGES = ['en', 'es', 'fr', 'de', 'pt', 'it', 'nl', 'pl', 'tr', 'id', 'ar', 'hi'] as const;

/** ISO 639-1 code of a language the analyser speaks (en, es, fr, de, pt, it, nl, pl, tr, id, ar, hi). */
export const LanguageCode = z.string().regex(/^[a-z]{2}$/, 'Use a two-letter language code such as en or fr.');

export const BrandVoice = z.object({
  tone: Tone.default('friendly'),
  /** Added at the end of every reply ("— The Acme team"); empty for none. */
  signOff: z.string().trim().max(80).default(''),
  emoji: z.boolean().default(true),
  /** Words a reply never contains (case- and accent-insensitive). */
  bannedWords: z.array(z.string().trim().min(1).max(40)).max(100).default([]),
  /** How people are addressed: their first name from the display name, or no name at all (never an @handle). */
  addressBy: z.enum(['first_name', 'none']).default('first_name'),
  /** Language of replies to comments in a language the analyser does not speak. */
  defaultLanguage: LanguageCode.default('en'),
  /** Free-text facts the OpenAI provider may use ("We ship from Lisbon; stores in Porto and Faro"). */
  facts: z.string().max(4000).default(''),
  /** The brand's response-time target (minutes): reports measure replies against it, and comments waiting longer raise an alert. */
  responseTargetMinutes: z.number().int('must be a whole number of minutes').min(5, 'must be at least 5 minutes').max(10_080, 'must be at most 7 days (10080 minutes)').default(DEFAULT_RESPONSE_TARGET_MINUTES),
});
export type BrandVoice = z.infer<typeof BrandVoice>;

export const KNOWLEDGE_TOPICS = [
  'shipping', 'returns', 'sizes', 'prices', 'stock', 'stores', 'payment', 'warranty', 'other',
] as const;
export const KnowledgeTopic = z.enum(KNOWLEDGE_TOPICS);

/** One question → answer entry of a brand's knowledge base, in one language. */
export const KnowledgeEntryInput = z.object({
  topic: KnowledgeTopic.default('other'),
  /** A short name shown in reason codes ("matches answer: Shipping to Canada"). */
  title: z.string().trim().min(1).max(80),
  /** Example questions, one per item, in the entry's language. */
  questions: z.array(z.string().trim().min(1).max(300)).min(1).max(20),
  answer: z.string().trim().min(1).max(1000),
  language: LanguageCode.default('en'),
});
export type KnowledgeEntryInput = z.infer<typeof KnowledgeEntryInput>;
export const KnowledgeEntry = KnowledgeEntryInput.extend({ id: z.string(), updatedAt: z.string() });
export type KnowledgeEntry = z.infer<typeof KnowledgeEntry>;

/** A brand of the workspace: a connected Facebook page (its id at Meta) with its accounts' names. */
export const BrandSummary = z.object({ id: z.string(), name: z.string(), platforms: z.array(z.enum(['facebook', 'instagram'])) });
export type BrandSummary = z.infer<typeof BrandSummary>;

/** Most entries one brand's knowledge base holds. */
export const MAX_KNOWLEDGE_ENTRIES = 500;
/** CSV columns of a knowledge-base import (a header row names them; `questions` may be `question`, several separated by `|`). */
export const KNOWLEDGE_CSV_COLUMNS = ['topic', 'title', 'questions', 'answer', 'language'] as const;
export const KnowledgeImportBody = z.object({
  csv: z.string().min(1, 'must not be empty').max(500_000),
  /** Check and preview only: the answer says what would be added and replaced, nothing is written. */
  dryRun: z.boolean().optional(),
});
export const KnowledgeImportResult = z.object({
  /** Entries added, and entries replaced (same title and language as one already there). */
  added: z.number(), updated: z.number(),
  entries: z.array(KnowledgeEntry),
  /** Nothing was written (a preview). */
  dryRun: z.boolean(),
});
export type KnowledgeImportResult = z.infer<typeof KnowledgeImportResult>;
