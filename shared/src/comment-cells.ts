/**
 * Comment cells (issue 13 item 6): a comment's place in the five list filters — platform, account
 * (the brand is a set of accounts), status, sentiment and decision. How many comments each cell holds
 * is a counter on the account's cell-counts item, kept in the same transaction as each comment write.
 * A filtered list reads the counts, adds up the matching cells for its exact total, and picks the index
 * partitions to read (functions/src/store/comment-plan.ts) from how many matches each holds.
 */
import type { Comment } from './entities.js';

export interface Cell { platform: string; accountId: string; status: string; sentiment: string; decision: string }

/** The placeholder of a missing value (no account, no decision yet). */
export const NO_VALUE = '-';

export function cellOf(c: Comment): Cell {
  return {
    platform: c.platform, accountId: c.accountId ?? NO_VALUE, status: c.status,
    sentiment: c.aiDecision?.sentiment ?? NO_VALUE, decision: c.aiDecision?.decision ?? NO_VALUE,
  };
}

/** The counter's name on the account's cell-counts item. */
export const cellCounterName = (c: Pick<Cell, 'status' | 'sentiment' | 'decision'>) => `${c.status}|${c.sentiment}|${c.decision}`;

/** Reads a counter name back (null for any other attribute of the item). */
export function parseCellCounter(name: string, platform: string, accountId: string): Cell | null {
  const parts = name.split('|');
  if (parts.length !== 3) return null;
  const [status, sentiment, decision] = parts as [string, string, string];
  return { platform, accountId, status, sentiment, decision };
}

/** Per account (`<platform>#<accountId>`), per counter name: the change one comment write makes. */
export type CellDelta = Map<string, Record<string, number>>;

export const cellGroup = (c: Pick<Cell, 'platform' | 'accountId'>) => `${c.platform}#${c.accountId}`;

export function addCellDelta(out: CellDelta, before: Comment | null, after: Comment | null): CellDelta {
  const add = (c: Comment | null, n: number) => {
    if (!c) return;
    const cell = cellOf(c);
    const group = out.get(cellGroup(cell)) ?? {};
    const name = cellCounterName(cell);
    group[name] = (group[name] ?? 0) + n;
    if (group[name] === 0) delete group[name];
    out.set(cellGroup(cell), group);
  };
  add(before, -1);
  add(after, 1);
  for (const [k, v] of out) if (!Object.keys(v).length) out.delete(k);
  return out;
}

/** The five filters a cell answers. Absent means any; `statuses` is the queue's set or one status. */
export interface CellFilter { platform?: string; accountIds?: string[]; statuses?: readonly string[]; sentiment?: string; decision?: string }

export function cellMatches(c: Cell, f: CellFilter): boolean {
  return (!f.platform || c.platform === f.platform)
    && (!f.accountIds || f.accountIds.includes(c.accountId))
    && (!f.statuses || f.statuses.includes(c.status))
    && (!f.sentiment || c.sentiment === f.sentiment)
    && (!f.decision || c.decision === f.decision);
}
