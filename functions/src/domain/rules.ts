/**
 * Rules (issue 11 item 1): per workspace, optionally limited to a brand, ordered. Each new comment
 * is run through the workspace's rules once it is stored (rules without AI conditions) and once it
 * is analysed (rules with category, sentiment or language conditions). A rule in mode `on` acts
 * through auto-actions.ts (exactly once on the platform, logged, undoable); `shadow` only logs what
 * it would have done; `off` does nothing. Backtest (item 2): a rule over the stored history.
 */
import { AI_CONDITIONS, type AutomationEntry, type BacktestResult, type Comment, type Condition, type Rule } from '@cg/shared';
import { applyAutomatic } from './auto-actions.js';
import { Missing } from './errors.js';
import type { ActionDeps } from './exactly-once.js';
import type { StoredAccount, StoredComment } from './model.js';
import { PlatformActionError, PlatformOutcomeUnknown, type PlatformActionsPort } from './ports.js';
import { AUTHOR_CONDITIONS, authorHistoryRanges, ruleMatches, type AuthorComment, type RuleFacts } from './rule-match.js';
import { stores } from './store-port.js';

const ruleStore = stores.rules;

/** Comments older than this when they arrive (a backfill after reconnecting) are not acted on by rules. */
export const RULES_MAX_AGE_DAYS = 7;
/** A backtest looks at this many comments at most (newest first); `truncated` says when there were more. */
export const BACKTEST_MAX_COMMENTS = 10_000;
const BACKTEST_EXAMPLES = 10;

// ---------------------------------------------------------------------------------------------
// Rules: list (create, update and delete, with their checks: rule-editing.ts).

export function listRules(workspaceId: string): Promise<Rule[]> {
  return ruleStore.listRules(workspaceId);
}

export async function requireRule(workspaceId: string, id: string): Promise<Rule> {
  const rule = await ruleStore.getRule(workspaceId, id);
  if (!rule) throw new Missing('Rule not found');
  return rule;
}

// ---------------------------------------------------------------------------------------------
// Facts the conditions need beyond the comment, gathered once per comment and only when needed.

function needsAi(rule: Rule): boolean {
  return rule.conditions.some((c) => AI_CONDITIONS.includes(c.type));
}

function brandIdsOf(accounts: StoredAccount[], accountId: string | undefined): string[] {
  const a = accounts.find((x) => x.id === accountId);
  return a ? [a.id, a.brandId] : [];
}

function toAuthorComment(s: StoredComment): AuthorComment {
  return { id: s.comment.id, timestamp: s.comment.timestamp, status: s.comment.status, isHidden: Boolean(s.comment.isHidden) };
}

/** Reads what a set of rules needs to know about comments, memoised per author and per post. */
class FactReader {
  private readonly authors = new Map<string, Promise<AuthorComment[]>>();
  private readonly posts = new Map<string, Promise<boolean | null>>();
  constructor(
    private readonly workspaceId: string,
    private readonly accounts: StoredAccount[],
    private readonly rules: Rule[],
    private readonly platform: PlatformActionsPort | null,
    /** Backtests give the author's comments from the history they read (no query per comment). */
    private readonly history?: Map<string, AuthorComment[]>,
  ) {}

  async facts(c: Comment): Promise<RuleFacts> {
    const conditions = this.rules.flatMap((r) => r.conditions);
    const facts: RuleFacts = { brandIds: brandIdsOf(this.accounts, c.accountId) };
    if (conditions.some((x) => AUTHOR_CONDITIONS.includes(x.type))) facts.authorComments = await this.author(c, conditions);
    if (conditions.some((x) => x.type === 'placement')) {
      facts.isAd = Boolean(c.adId);
      facts.isDarkPost = (await this.unpublished(c)) === true;
    }
    return facts;
  }

  /** The author's comments the rules' conditions read for this comment (authorHistoryRanges: not the whole history). */
  private author(c: Comment, conditions: readonly Condition[]): Promise<AuthorComment[]> {
    if (this.history) return Promise.resolve(this.history.get(`${c.platform}#${c.authorId}`) ?? []);
    const ranges = authorHistoryRanges(conditions, c);
    const key = JSON.stringify([c.platform, c.authorId, ranges]);
    let hit = this.authors.get(key);
    if (!hit) {
      hit = Promise.all(ranges.map((r) => stores.commentPages.authorComments(this.workspaceId, c.platform, c.authorId, r))).then((parts) => {
        const byId = new Map(parts.flatMap((p) => p.items).map((s) => [s.comment.id, toAuthorComment(s)]));
        return [...byId.values()];
      });
      this.authors.set(key, hit);
    }
    return hit;
  }

  /** Whether the comment's post is unpublished (a dark post); null when not known. */
  private unpublished(c: Comment): Promise<boolean | null> {
    if (!c.postId) return Promise.resolve(null);
    const key = `${c.platform}#${c.postId}`;
    let hit = this.posts.get(key);
    if (!hit) {
      hit = (async () => {
        const cached = await stores.commentPages.getPostInfo(this.workspaceId, c.platform, c.postId!);
        if (cached) return !cached.published;
        if (!this.platform) return null;
        try {
          const info = await this.platform.postInfo(this.workspaceId, c);
          if (info) await stores.commentPages.putPostInfo(this.workspaceId, c.platform, c.postId!, info);
          return info ? !info.published : null;
        } catch (err) {
          if (err instanceof PlatformActionError || err instanceof PlatformOutcomeUnknown) return null;
          throw err;
        }
      })();
      this.posts.set(key, hit);
    }
    return hit;
  }
}

// ---------------------------------------------------------------------------------------------
// The engine.

/** arrival: the comment was just stored (rules without AI conditions); analysed: its decision was just recorded (rules with them). */
export type RuleStage = 'arrival' | 'analysed';

/** The active rules of a stage, in order. */
export async function rulesFor(workspaceId: string, stage: RuleStage): Promise<Rule[]> {
  const rules = (await ruleStore.listRules(workspaceId)).filter((r) => r.mode !== 'off');
  return rules.filter((r) => (stage === 'analysed') === needsAi(r));
}

/** Whether the workspace has active rules waiting for the analysis (the analyser asks before queueing them). */
export async function hasAnalysedRules(workspaceId: string): Promise<boolean> {
  return (await rulesFor(workspaceId, 'analysed')).length > 0;
}

/** Actions that settle a comment: after one happened, later rules do not try another. */
const SETTLING = new Set(['hide', 'delete']);

/**
 * Runs the workspace's rules of a stage over the comments: each matching rule in mode `on` acts
 * (in order; once a comment is hidden or deleted, later hide/delete rules leave it), each in mode
 * `shadow` logs what it would have done. Returns the Automation log entries written.
 */
export async function runRules(deps: ActionDeps, workspaceId: string, commentIds: string[], stage: RuleStage, now = Date.now()): Promise<AutomationEntry[]> {
  if (!commentIds.length) return [];
  const rules = await rulesFor(workspaceId, stage);
  if (!rules.length) return [];
  const stored = await stores.comments.getComments(workspaceId, [...new Set(commentIds)]);
  const fresh = stored.filter((s) => now - Date.parse(s.comment.timestamp) <= RULES_MAX_AGE_DAYS * 86_400_000
    // Not reviewed yet: stored and waiting (arrival), or decided and waiting for a person (analysed).
    && (stage === 'arrival' ? s.comment.status === 'pending' : s.comment.status === 'processed' && s.comment.aiDecision));
  if (!fresh.length) return [];
  const reader = new FactReader(workspaceId, await stores.accounts.listAccounts(workspaceId), rules, deps.platform);
  const entries: AutomationEntry[] = [];
  for (const s of fresh) {
    const facts = await reader.facts(s.comment);
    let settled = false;
    for (const rule of rules.filter((r) => ruleMatches(r, s.comment, facts))) {
      if (rule.mode === 'on' && settled && SETTLING.has(rule.action.type)) continue;
      const entry = await applyAutomatic(deps, { workspaceId, commentId: s.comment.id, action: rule.action, reason: rule.name, source: 'rule', ruleId: rule.id, mode: rule.mode === 'on' ? 'on' : 'shadow' });
      if (entry.outcome === 'done' && SETTLING.has(rule.action.type)) settled = true;
      entries.push(entry);
    }
  }
  return entries;
}

/**
 * New comments (webhook, sync): runs the arrival rules and returns the comments as the rules left
 * them (read again only when one acted), for what follows (the cross-post memory, the analysis).
 * A failure of the rules is logged and never stops the arrivals.
 */
export async function afterArrivalRules(deps: ActionDeps, workspaceId: string, added: Comment[]): Promise<Comment[]> {
  if (!added.length) return added;
  const acted = await runRules(deps, workspaceId, added.map((c) => c.id), 'arrival')
    .then((entries) => entries.some((e) => e.outcome === 'done'))
    .catch((err: unknown) => { console.error('[rules] arrival rules failed', workspaceId, err); return false; });
  return acted ? (await stores.comments.getComments(workspaceId, added.map((c) => c.id))).map((s) => s.comment) : added;
}

// ---------------------------------------------------------------------------------------------
// Backtest.

/** What moderators did with a comment kept it on the page: approved, dismissed or replied, and not hidden or deleted. */
export function keptByModerators(c: Comment): boolean {
  return (c.status === 'approved' || c.status === 'replied') && !c.isHidden;
}

/** What moderators had done with a comment, in one word. */
export function moderatorAction(c: Comment): string {
  if (c.status === 'deleted') return 'deleted';
  if (c.isHidden) return 'hidden';
  if (c.status === 'replied') return 'replied';
  if (c.status === 'approved') return c.dismissed ? 'dismissed' : 'approved';
  return 'waiting';
}

function countBy<T>(items: T[], key: (t: T) => string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const t of items) out[key(t)] = (out[key(t)] ?? 0) + 1;
  return out;
}

/** Reads the workspace's comments of the last `days` days, newest first (at most BACKTEST_MAX_COMMENTS). */
async function history(workspaceId: string, days: number, now: number, onPage?: (read: number) => Promise<void>): Promise<{ items: StoredComment[]; truncated: boolean }> {
  const since = new Date(now - days * 86_400_000).toISOString();
  const items: StoredComment[] = [];
  let after: string | undefined;
  for (;;) {
    const page = await stores.commentPages.listCommentPage(workspaceId, { queue: false, ...(after ? { after } : {}) }, 500);
    for (const s of page.items) {
      if (s.comment.timestamp < since) return { items, truncated: false };
      if (items.length >= BACKTEST_MAX_COMMENTS) return { items, truncated: true };
      items.push(s);
    }
    await onPage?.(items.length);
    const last = page.items.at(-1);
    if (!page.more || !last) return { items, truncated: false };
    after = `${last.comment.timestamp}#${last.comment.id}`;
  }
}

/**
 * Runs a rule over the stored comments of the last `days` days, whatever its mode, acting on
 * nothing: how many it would have matched, by action, with examples, and how many of those the
 * moderators had kept (the over-hiding check). The author's history is taken from the same period.
 */
export async function backtestRule(workspaceId: string, ruleId: string, days: number, onProgress?: (read: number) => Promise<void>, now = Date.now()): Promise<BacktestResult> {
  const rule = await requireRule(workspaceId, ruleId);
  const { items, truncated } = await history(workspaceId, days, now, onProgress);
  const byAuthor = new Map<string, AuthorComment[]>();
  for (const s of items) {
    const key = `${s.comment.platform}#${s.comment.authorId}`;
    byAuthor.set(key, [...(byAuthor.get(key) ?? []), toAuthorComment(s)]);
  }
  const reader = new FactReader(workspaceId, await stores.accounts.listAccounts(workspaceId), [rule], null, byAuthor);
  const matched: StoredComment[] = [];
  for (const s of items) if (ruleMatches(rule, s.comment, await reader.facts(s.comment))) matched.push(s);
  const kept = matched.filter((s) => keptByModerators(s.comment));
  return {
    ruleId, days, scanned: items.length, matched: matched.length, byAction: matched.length ? { [rule.action.type]: matched.length } : {},
    kept: kept.length,
    byModeratorAction: countBy(matched, (s) => moderatorAction(s.comment)),
    examples: matched.slice(0, BACKTEST_EXAMPLES).map((s) => ({
      commentId: s.comment.id, content: s.comment.content.slice(0, 280), authorName: s.comment.authorName, timestamp: s.comment.timestamp, status: s.comment.status, kept: keptByModerators(s.comment),
    })),
    truncated,
  };
}
