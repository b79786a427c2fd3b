/**
 * Workspace memory (issue 10 item 9, issue 11 item 3): every decision a moderator took (approve,
 * edit, override, any manual action) is a labelled example of the workspace. From them:
 *
 * - **near-duplicates**: a new comment whose text is the same or near-identical to an example's is
 *   decided as the moderator decided ("the same spam pasted under 20 ads"). Texts are normalised
 *   (Unicode NFKC, accents, case, look-alike digits, stretched letters, @mentions, punctuation and
 *   emoji dropped), then compared by a hash of the normalised text (exact) and by the Jaccard
 *   similarity of their character 4-shingles (near-identical: ≥ 0.8). A workspace keeps at most
 *   MAX_EXAMPLES examples and an analysis batch is a handful of comments, so comparing exactly
 *   against every example costs microseconds: MinHash or SimHash only pay off for millions of
 *   texts, and would trade exactness for speed we do not need (and bundle bytes, for a library).
 * - **a per-workspace layer**: token weights per decision learnt from the moderators' corrections
 *   (each correction moves its words' weights towards the moderator's decision and away from the
 *   AI's; each confirmation moves them back towards the AI's). A new decision changes only when the
 *   learnt evidence is strong: enough corrected words, pointing the same way.
 *
 * Pure functions: the domain loads the examples through the store port (analysis.ts, learning.ts).
 */
import type { AiDecision, Decision } from '@cg/shared';

/** How many recent examples a workspace's memory holds (older ones are forgotten). */
export const MAX_EXAMPLES = 1_000;
/** Character-shingle Jaccard at or above which two texts are "near-identical". */
export const NEAR_DUPLICATE = 0.8;
/** Shortest normalised text that is compared at all ("ok", "👍" are not anyone's spam). */
const MIN_CHARS = 12;
/**
 * A removal is repeated automatically (removedOnly) only for a text at least this long, of at least
 * MIN_REMOVAL_WORDS words: a short common phrase hidden once ("love it thank you") must not hide
 * everyone who writes it. Undoing the automatic hide teaches the memory to keep that text.
 */
const MIN_REMOVAL_CHARS = 20;
const MIN_REMOVAL_WORDS = 3;
/** How an example was labelled: a person's decision, or a rule's removal. */
export type ExampleSource = 'moderator' | 'rule';

/** What the moderator did, as a reason says it ("deleted", "hid", "replied to", "kept"). */
export type ExampleVerb = 'deleted' | 'hid' | 'replied to' | 'kept';

export interface Example {
  commentId: string;
  /** Normalised text (at most 500 characters). */
  text: string;
  /** The moderator's final decision. */
  final: Decision;
  /** What the AI had decided, when it had. */
  ai: Decision | null;
  verb: ExampleVerb;
  source: ExampleSource;
  /** The brand (Facebook page id) of the comment, when known. */
  brandId: string | null;
  at: string;
}

const LOOKALIKE: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '@': 'a', $: 's' };

/** The text as compared: same words, whatever the case, accents, look-alikes, punctuation or emoji. */
export function normaliseText(text: string): string {
  return text
    .normalize('NFKC').toLowerCase()
    .normalize('NFD').replace(/\p{M}+/gu, '')
    .replace(/(^|\s)@[\p{L}\p{N}_.]+/gu, ' ')
    .replace(/(?<=\p{L})[0134579@$](?=\p{L})/gu, (c) => LOOKALIKE[c] ?? c)
    .replace(/(\p{L})\1{2,}/gu, '$1$1')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .slice(0, 500);
}

function fnv(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/** The normalised text's character 4-shingles, hashed. */
export function shingles(normalised: string): Set<number> {
  const out = new Set<number>();
  const t = ` ${normalised} `;
  for (let i = 0; i + 4 <= t.length; i++) out.add(fnv(t.slice(i, i + 4)));
  return out;
}

export function jaccard(a: Set<number>, b: Set<number>): number {
  if (!a.size || !b.size) return 0;
  let both = 0;
  for (const x of a) if (b.has(x)) both++;
  return both / (a.size + b.size - both);
}

interface Indexed { example: Example; shingles: Set<number> }

/** A workspace's memory: its examples (newest first), indexed for matching, and the layer learnt from them. */
export interface Memory {
  find(text: string, opts?: { removedOnly?: boolean; brandId?: string | null }): { example: Example; similarity: number } | null;
  /** The layer's view of a decision: the decision it would take instead, with why, or null to keep it. */
  adjust(text: string, ai: Decision): { decision: Decision; words: string[] } | null;
  readonly size: number;
}

/** Words the layer learns from: normalised tokens of 4+ characters (short function words say little). */
export function tokens(normalised: string): string[] {
  return [...new Set(normalised.split(' ').filter((w) => w.length >= 4))];
}

const DECISIONS: Decision[] = ['reply', 'hide', 'delete', 'ignore'];
/** A word counts once it was corrected this many times the same way… */
const MIN_WORD_SUPPORT = 2;
/** …and a decision changes when this many of the comment's words say so (net of the others). */
const MIN_WORDS = 2;

/** Builds the memory from examples (newest first: the newest example of a text wins). */
export function buildMemory(examples: Example[]): Memory {
  const indexed: Indexed[] = [];
  const byHash = new Map<string, Indexed>();
  // word → decision → net weight (corrections towards the moderator's decision, confirmations towards the AI's)
  const weights = new Map<string, Record<Decision, number>>();
  for (const example of examples.slice(0, MAX_EXAMPLES)) {
    if (example.text.length < MIN_CHARS) continue;
    const item = { example, shingles: shingles(example.text) };
    indexed.push(item);
    if (!byHash.has(example.text)) byHash.set(example.text, item);
    if (example.source !== 'moderator' || !example.ai) continue;
    for (const w of tokens(example.text)) {
      const row = weights.get(w) ?? { reply: 0, hide: 0, delete: 0, ignore: 0 };
      if (example.final !== example.ai) { row[example.final] += 1; row[example.ai] -= 1; } else row[example.ai] += 1;
      weights.set(w, row);
    }
  }
  return {
    size: indexed.length,
    find(text, opts = {}) {
      const norm = normaliseText(text);
      if (norm.length < MIN_CHARS) return null;
      if (opts.removedOnly && (norm.length < MIN_REMOVAL_CHARS || norm.split(' ').length < MIN_REMOVAL_WORDS)) return null;
      const ok = (e: Example) => (!opts.removedOnly || e.final === 'hide' || e.final === 'delete');
      const exact = byHash.get(norm);
      if (exact && ok(exact.example)) return { example: exact.example, similarity: 1 };
      const mine = shingles(norm);
      let best: { example: Example; similarity: number } | null = null;
      for (const item of indexed) {
        if (!ok(item.example)) continue;
        const ratio = item.example.text.length / norm.length;
        if (ratio < 0.6 || ratio > 1.67) continue; // Jaccard ≥ 0.8 is impossible between such lengths
        const similarity = jaccard(mine, item.shingles);
        if (similarity >= NEAR_DUPLICATE && (!best || similarity > best.similarity)) best = { example: item.example, similarity };
      }
      return best;
    },
    adjust(text, ai) {
      const words = tokens(normaliseText(text));
      const votes: Record<Decision, string[]> = { reply: [], hide: [], delete: [], ignore: [] };
      for (const w of words) {
        const row = weights.get(w);
        if (!row) continue;
        const top = DECISIONS.reduce((a, b) => (row[b] > row[a] ? b : a));
        if (top !== ai && row[top] >= MIN_WORD_SUPPORT && row[top] - row[ai] >= MIN_WORD_SUPPORT) votes[top].push(w);
      }
      const top = DECISIONS.reduce((a, b) => (votes[b].length > votes[a].length ? b : a));
      const against = DECISIONS.filter((d) => d !== top).reduce((n, d) => n + votes[d].length, 0);
      if (top === ai || votes[top].length - against < MIN_WORDS) return null;
      return { decision: top, words: votes[top] };
    },
  };
}

/** What the moderator's action says the right decision was; null when it says nothing about the comment. */
export function labelOf(action: string, status: string, isHidden: boolean, ai: Decision | null): { final: Decision; verb: ExampleVerb } | null {
  switch (action) {
    case 'delete': return { final: 'delete', verb: 'deleted' };
    case 'hide': return { final: 'hide', verb: 'hid' };
    case 'reply': case 'update_reply': return { final: 'reply', verb: 'replied to' };
    case 'dismiss': case 'unhide': return { final: 'ignore', verb: 'kept' };
    case 'override': return status === 'replied' ? { final: 'reply', verb: 'replied to' } : { final: 'ignore', verb: 'kept' };
    case 'approve': {
      if (status === 'deleted') return { final: 'delete', verb: 'deleted' };
      if (isHidden && ai === 'hide') return { final: 'hide', verb: 'hid' };
      if (status === 'replied') return { final: 'reply', verb: 'replied to' };
      return ai ? { final: ai, verb: ai === 'ignore' ? 'kept' : ai === 'hide' ? 'hid' : ai === 'delete' ? 'deleted' : 'replied to' } : null;
    }
    default: return null;
  }
}

/** The reason a decision taken from memory gives. */
export function sameAsReason(e: Example): string {
  const who = e.source === 'rule' ? 'a rule' : 'a moderator';
  return `same as a comment ${who} ${e.verb} on ${e.at.slice(0, 10)}`;
}

/**
 * A decision with the workspace's memory applied: a near-duplicate of a handled comment takes the
 * moderator's decision (confidence 95: a person decided this very text); otherwise the layer may
 * change it when its learnt evidence is strong. Unchanged when memory says nothing.
 */
export function withMemory(memory: Memory, text: string, d: AiDecision, brandId: string | null = null): AiDecision {
  const match = memory.find(text, { brandId });
  if (match) {
    const e = match.example;
    const reason = sameAsReason(e);
    const removed = e.final === 'hide' || e.final === 'delete';
    return {
      ...d, decision: e.final, confidence: Math.max(d.confidence, 95), reasoning: `${reason[0]!.toUpperCase()}${reason.slice(1)}. ${d.reasoning}`.trim(),
      reasons: [reason, ...(d.reasons ?? [])], ...(removed ? { suggestedReply: '' } : {}),
    };
  }
  const change = memory.adjust(text, d.decision);
  if (!change || (change.decision === 'reply' && !d.suggestedReply.trim())) return d;
  const reason = `this workspace's moderators decided ${change.decision} on comments with: ${change.words.slice(0, 3).join(', ')}`;
  return { ...d, decision: change.decision, confidence: Math.min(d.confidence, 70), reasons: [reason, ...(d.reasons ?? [])], needsHuman: true };
}
