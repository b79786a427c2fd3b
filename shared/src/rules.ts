/**
 * Rules, saved replies and the Automation log (issue 11 items 1, 2, 5), declared once: the API
 * validates with these schemas, the engine (functions/src/domain/rules.ts) reads the inferred types
 * and the app builds its editor from them.
 */
import * as z from 'zod';
import { LanguageCode } from './voice.js';
import { Sentiment } from './status.js';

export const RULE_MODES = ['off', 'shadow', 'on'] as const;
export const RuleMode = z.enum(RULE_MODES);
export type RuleMode = z.infer<typeof RuleMode>;

export const COMMENT_CATEGORIES = ['threat', 'scam', 'spam', 'abuse', 'complaint', 'question', 'praise', 'other'] as const;
export const PLACEMENTS = ['organic', 'ad', 'dark_post'] as const;

const Confidence = z.number().min(0, 'must be between 0 and 100').max(100, 'must be between 0 and 100');
/** A domain as people type it: "example.com", "https://www.shop.example/x" (reduced to its host when matched). */
const Domain = z.string().trim().min(3, 'must be a domain such as example.com').max(253).regex(/^(https?:\/\/)?[^\s/]+\.[^\s/]+/i, 'must be a domain such as example.com');
/** Longest regex pattern accepted (catastrophic patterns are refused when the rule is saved). */
export const MAX_REGEX_LENGTH = 200;

export const Condition = z.discriminatedUnion('type', [
  /** Whole words or phrases, any language, case- and accent-insensitive; any one of them matches. */
  z.object({ type: z.literal('keyword'), values: z.array(z.string().trim().min(1, 'must not be empty').max(100)).min(1, 'give at least one word or phrase').max(200) }),
  /** A JavaScript regular expression, matched case-insensitively (nested quantifiers are refused). */
  z.object({ type: z.literal('regex'), pattern: z.string().min(1, 'must not be empty').max(MAX_REGEX_LENGTH, `must be at most ${MAX_REGEX_LENGTH} characters`) }),
  /**
   * Has a link: any (no domains), to one of the domains (`match: 'deny'`, the default) or to a
   * domain that is not one of them (`match: 'allow'`).
   */
  z.object({ type: z.literal('link'), domains: z.array(Domain).min(1, 'give at least one domain, or leave domains out for any link').max(200).optional(), match: z.enum(['deny', 'allow']).optional() }),
  z.object({ type: z.literal('phone') }),
  z.object({ type: z.literal('email') }),
  /** Nothing but emoji (and spaces). */
  z.object({ type: z.literal('emoji_only') }),
  /** Mentions someone (@name). */
  z.object({ type: z.literal('mention') }),
  /** The author had at least `count` comments hidden or deleted in the last `days` days. */
  z.object({ type: z.literal('repeat_offender'), count: z.number().int().min(1).max(1000), days: z.number().int().min(1).max(365) }),
  /** The author never commented in the workspace before. */
  z.object({ type: z.literal('first_time_commenter') }),
  z.object({ type: z.literal('category'), category: z.enum(COMMENT_CATEGORIES), minConfidence: Confidence.default(0) }),
  z.object({ type: z.literal('sentiment'), sentiment: Sentiment, minConfidence: Confidence.default(0) }),
  z.object({ type: z.literal('language'), languages: z.array(LanguageCode).min(1, 'give at least one language').max(20) }),
  z.object({ type: z.literal('placement'), placement: z.enum(PLACEMENTS) }),
  z.object({ type: z.literal('post'), postId: z.string().trim().min(1).max(200) }),
]);
export type Condition = z.infer<typeof Condition>;
export type ConditionType = Condition['type'];
/** Conditions decided by the AI's analysis: a rule holding one runs once the comment is analysed. */
export const AI_CONDITIONS: readonly ConditionType[] = ['category', 'sentiment', 'language'];

const SavedReplyId = z.string().trim().min(1, 'choose a saved reply').max(100);
export const Action = z.discriminatedUnion('type', [
  z.object({ type: z.literal('hide') }),
  z.object({ type: z.literal('delete') }),
  /** A public reply: a saved reply, or (`knowledgeBase: true`) the answer the AI drafted from the brand's knowledge base. */
  z.object({ type: z.literal('reply'), savedReplyId: SavedReplyId.optional(), knowledgeBase: z.literal(true).optional() })
    .refine((a) => Boolean(a.savedReplyId) !== Boolean(a.knowledgeBase), { message: 'give either savedReplyId or knowledgeBase: true', path: ['savedReplyId'] }),
  z.object({ type: z.literal('private_reply'), savedReplyId: SavedReplyId }),
  /** Kept in the queue for a person, with a label. */
  z.object({ type: z.literal('flag'), label: z.string().trim().min(1, 'must not be empty').max(50) }),
  z.object({ type: z.literal('assign'), memberId: z.string().trim().min(1).max(100) }),
  /** A live notification to the workspace's open tabs. */
  z.object({ type: z.literal('notify') }),
]);
export type Action = z.infer<typeof Action>;
export type ActionType = Action['type'];

export const RuleInput = z.object({
  name: z.string().trim().min(1, 'must not be empty').max(100),
  /** Only comments of this brand (its Facebook page id or any of its accounts' ids); null or absent: every brand. */
  brandId: z.string().trim().min(1).max(200).nullable().optional(),
  mode: RuleMode,
  /** Every condition must hold (AND); at least one. */
  conditions: z.array(Condition).min(1, 'give at least one condition').max(20),
  action: Action,
  /** Position among the workspace's rules (ascending); a new rule goes last when absent. */
  order: z.number().int().min(0).max(100_000).optional(),
});
export type RuleInput = z.infer<typeof RuleInput>;

export const Rule = RuleInput.extend({
  id: z.string(),
  brandId: z.string().nullable(),
  /** Rules are evaluated in this order (ascending); every matching rule acts, in this order. */
  order: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Rule = z.infer<typeof Rule>;

export const BacktestBody = z.object({ days: z.number().int().min(1, 'must be at least 1').max(365, 'must be at most 365') });
export const BacktestExample = z.object({ commentId: z.string(), content: z.string(), authorName: z.string(), timestamp: z.string(), status: z.string(), kept: z.boolean() });
export const BacktestResult = z.object({
  ruleId: z.string(),
  days: z.number(),
  /** Comments in the period that were looked at. */
  scanned: z.number().int(),
  /** Comments the rule would have matched. */
  matched: z.number().int(),
  /** Matches by the rule's action type. */
  byAction: z.record(z.string(), z.number().int()),
  /** Of the matched, how many moderators had kept (approved, dismissed, replied; not hidden or deleted): the over-hiding check. */
  kept: z.number().int(),
  /** What moderators had done with the matched comments: hidden, deleted, replied, approved, dismissed, waiting (not reviewed yet). */
  byModeratorAction: z.record(z.string(), z.number().int()),
  examples: z.array(BacktestExample),
  /** Scanning stopped at the history limit: older comments in the period were not looked at. */
  truncated: z.boolean(),
});
export type BacktestResult = z.infer<typeof BacktestResult>;

/** Placeholders a saved reply may hold: the commenter's first name, the brand's name. */
export const SAVED_REPLY_PLACEHOLDERS = ['{first_name}', '{brand}'] as const;
export const SavedReplyInput = z.object({
  name: z.string().trim().min(1, 'must not be empty').max(80),
  language: LanguageCode.default('en'),
  text: z.string().trim().min(1, 'must not be empty').max(2000),
});
export type SavedReplyInput = z.infer<typeof SavedReplyInput>;
export const SavedReply = SavedReplyInput.extend({ id: z.string(), createdAt: z.string(), updatedAt: z.string() });
export type SavedReply = z.infer<typeof SavedReply>;

/** Fills a saved reply's placeholders (unknown ones are left as typed). */
export function fillSavedReply(text: string, values: { firstName: string; brand: string }): string {
  return text.replace(/\{first_name\}/g, values.firstName).replace(/\{brand\}/g, values.brand).replace(/[ \t]+([,.!?])/g, '$1').replace(/[ \t]{2,}/g, ' ').trim();
}

/** One automatic action (or, in shadow mode, what would have been done), newest first in the Automation log. */
export const AutomationEntry = z.object({
  id: z.string(),
  at: z.string(),
  /** What decided it: a rule (its id), or another automation (autopilot, cross-post memory). */
  source: z.string(),
  ruleId: z.string().nullable(),
  /** The reason shown everywhere: the rule's name. */
  reason: z.string(),
  mode: z.enum(['on', 'shadow']),
  commentId: z.string(),
  authorName: z.string(),
  excerpt: z.string(),
  action: Action,
  /** done: it happened; shadow: only logged; failed: the platform or the state refused (error says why). */
  outcome: z.enum(['done', 'shadow', 'failed']),
  error: z.string().optional(),
  /** Whether Undo can reverse it (a delete cannot be undone on Meta). */
  undoable: z.boolean(),
  undoneAt: z.string().optional(),
  undoneBy: z.string().optional(),
});
export type AutomationEntry = z.infer<typeof AutomationEntry>;
export const AutomationPage = z.object({ entries: z.array(AutomationEntry), nextCursor: z.string().nullable() });
export const AutomationQuery = z.object({ cursor: z.string().max(500).optional(), limit: z.coerce.number().int().min(1).max(200).optional() });
export const UndoBody = z.object({ ids: z.array(z.string().min(1).max(200)).min(1, 'name at least one entry').max(200) });
export const UndoResult = z.object({ results: z.array(z.object({ id: z.string(), ok: z.boolean(), message: z.string().optional() })) });
