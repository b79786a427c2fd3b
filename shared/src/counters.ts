/**
 * Counters kept on write (design D4): every comment write adds the difference between the old and
 * the new state of the comment to one counters item, in the same transaction, so stats and
 * analytics are O(1) to read and always equal a recount.
 */
import type { Comment } from './entities.js';
import { QUEUE_STATUSES } from './status.js';

export type CounterDelta = Record<string, number>;

/** Review outcome kept on the comment: did the human accept the AI's decision unchanged? */
export type Review = 'unchanged' | 'changed' | null;
export interface CountedComment { comment: Comment; review: Review }

function contributions(c: CountedComment | null): CounterDelta {
  if (!c) return {};
  const { comment } = c;
  const out: CounterDelta = { total: 1, [`platform_${comment.platform}`]: 1, [`status_${comment.status}`]: 1 };
  if (QUEUE_STATUSES.includes(comment.status)) { out.queue = 1; out[`queue_${comment.platform}`] = 1; }
  const d = comment.aiDecision;
  if (d) {
    out.decided = 1;
    out.confidenceSum = d.confidence;
    out[`sentiment_${d.sentiment}`] = 1;
    if (d.isSpam) out.spam = 1;
    if (d.isOffensive) out.offensive = 1;
  }
  if (c.review) { out.reviewed = 1; if (c.review === 'unchanged') out.unchanged = 1; }
  return out;
}

export function counterDelta(before: CountedComment | null, after: CountedComment | null): CounterDelta {
  const a = contributions(after);
  const b = contributions(before);
  const out: CounterDelta = {};
  for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
    const v = (a[k] ?? 0) - (b[k] ?? 0);
    if (v !== 0) out[k] = v;
  }
  return out;
}

export function recount(items: CountedComment[]): CounterDelta {
  return items.reduce<CounterDelta>((acc, c) => {
    for (const [k, v] of Object.entries(contributions(c))) acc[k] = (acc[k] ?? 0) + v;
    return acc;
  }, {});
}
