/**
 * What a live message does to the cache (issue 12, item 6). Messages patch the cached lists and
 * counts where the message says enough (a status change of a comment on a cached page, the total of
 * the queue after new comments); whatever must still be fetched is refetched through a coalescer, at
 * most once per query per second however many messages a burst brings. New comments never move the
 * list under the pointer: they are counted for the "N new comments" bar, loaded when the user asks.
 */
import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';
import { planHasFeature, QUEUE_STATUSES, WsMessage, type CommentStatus, type CommentsList, type User } from '@cg/shared';
import { qk } from './queryClient';
import { updateJob } from './jobs';
import { alertKeys } from './alerts';
import { incidentKeys } from './incidents';

export const COALESCE_MS = 1000;

/** State of the live connection the screens show: comments arrived but not loaded, and a paused socket. */
export interface LiveState { newComments: number; paused: boolean }
export const LIVE_KEY = ['live'] as const;
export const LIVE_INITIAL: LiveState = { newComments: 0, paused: false };

type Timer = ReturnType<typeof setTimeout>;

/** Runs `run(key)` at most once per `intervalMs` per key; requests within the window fold into one trailing run. */
export class Coalescer {
  private last = new Map<string, number>();
  private timers = new Map<string, Timer>();

  constructor(
    private readonly run: (key: QueryKey) => void,
    private readonly intervalMs = COALESCE_MS,
    private readonly now: () => number = () => Date.now(),
  ) {}

  request(key: QueryKey): void {
    const hash = JSON.stringify(key);
    if (this.timers.has(hash)) return;
    const wait = Math.max(0, (this.last.get(hash) ?? -Infinity) + this.intervalMs - this.now());
    this.timers.set(hash, setTimeout(() => {
      this.timers.delete(hash);
      this.last.set(hash, this.now());
      this.run(key);
    }, wait));
  }

  stop(): void {
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
  }
}

const isList = (q: Query) => q.queryKey[0] === qk.comments[0];
const isQueue = (q: Query) => q.queryKey[1] === 'queue';
const listOf = (q: Query) => q.state.data as CommentsList | undefined;
const hasAny = (q: Query, ids: Set<string>) => !!listOf(q)?.comments.some((c) => ids.has(c.id));

export function readLive(client: QueryClient): LiveState {
  return client.getQueryData<LiveState>(LIVE_KEY) ?? LIVE_INITIAL;
}

export function setLive(client: QueryClient, patch: Partial<LiveState>): void {
  client.setQueryData<LiveState>(LIVE_KEY, { ...readLive(client), ...patch });
}

/** The user asked to see the new comments: forget the count and load the comment lists again. */
export function loadNewComments(client: QueryClient): Promise<void> {
  setLive(client, { newComments: 0 });
  return client.invalidateQueries({ queryKey: qk.comments });
}

export class LiveCache {
  private readonly coalescer: Coalescer;
  private readonly unsubscribe: () => void;

  constructor(private readonly client: QueryClient, intervalMs = COALESCE_MS) {
    this.coalescer = new Coalescer((key) => void client.invalidateQueries({ queryKey: key, exact: true }), intervalMs);
    // A comment list fetched from the server (after Sync, an action, the bar) holds the new comments: the count is done.
    this.unsubscribe = client.getQueryCache().subscribe((e) => {
      if (e.type !== 'updated' || e.action.type !== 'success' || e.action.manual || !isList(e.query)) return;
      if (readLive(client).newComments > 0) setLive(client, { newComments: 0 });
    });
  }

  stop(): void {
    this.coalescer.stop();
    this.unsubscribe();
  }

  /**
   * Whether the Analytics dashboard may refresh now: the message being handled says so (`analytics`,
   * set by the server only on plans with real-time analytics), or after a reconnect on such a plan.
   */
  private analyticsLive = false;

  /** Refetch a query (coalesced) if it is shown; one that is not shown is only marked stale. */
  private refresh(key: QueryKey): void {
    // The Analytics dashboard updates live when the server says so; elsewhere it shows what it loaded.
    if (key === qk.analytics && !this.analyticsLive) return;
    const query = this.client.getQueryCache().find({ queryKey: key, exact: true });
    if (!query) return;
    if (query.getObserversCount() > 0) this.coalescer.request(key);
    else void this.client.invalidateQueries({ queryKey: key, exact: true, refetchType: 'none' });
  }

  private lists(): Query[] {
    return this.client.getQueryCache().findAll({ queryKey: qk.comments }).filter(isList);
  }

  private refreshLists(pick: (q: Query) => boolean): void {
    for (const q of this.lists()) if (pick(q)) this.refresh(q.queryKey);
  }

  private patchStatus(ids: Set<string>, status: CommentStatus): void {
    for (const q of this.lists()) {
      const data = listOf(q);
      if (!data || !hasAny(q, ids)) continue;
      this.client.setQueryData<CommentsList>(q.queryKey, {
        ...data,
        comments: data.comments.map((c) => (ids.has(c.id) ? { ...c, status } : c)),
      });
    }
  }

  /** Comments that arrived: counted for the bar and in the queue totals, the lists themselves stay put. */
  private arrived(count: number): void {
    setLive(this.client, { newComments: readLive(this.client).newComments + count });
    for (const q of this.lists()) {
      const data = listOf(q);
      const unfiltered = isQueue(q) && !(q.queryKey[2] as { platform?: string } | undefined)?.platform;
      if (data && unfiltered) this.client.setQueryData<CommentsList>(q.queryKey, { ...data, total: data.total + count });
    }
    this.refresh(qk.stats);
    this.refresh(qk.analytics);
  }

  /** After a reconnect: anything may have changed while the socket was down; one refetch of each. */
  resync(): void {
    this.analyticsLive = planHasFeature(this.client.getQueryData<User>(qk.user)?.subscriptionPlan ?? 'starter', 'realtimeAnalytics');
    for (const key of [qk.stats, qk.activity, qk.analytics, qk.user]) this.refresh(key);
    this.refreshLists(() => true);
  }

  handle(raw: unknown): void {
    let parsed: ReturnType<typeof WsMessage.safeParse>;
    try {
      parsed = WsMessage.safeParse(JSON.parse(String(raw)));
    } catch {
      return;
    }
    if (!parsed.success) return;
    const m = parsed.data;
    this.analyticsLive = m.analytics === true;
    const ids = new Set(m.commentIds ?? (m.commentId ? [m.commentId] : []));
    const cached = this.lists().some((q) => hasAny(q, ids));
    const status = m.status as CommentStatus | undefined;
    switch (m.type) {
      case 'incident_update':
        // A troll-attack incident opened or closed: the banner and the incident views refetch.
        void this.client.invalidateQueries({ queryKey: incidentKeys.all });
        return;
      case 'alert':
        // An alert was raised or read (in any tab): the bell refetches its list and count.
        void this.client.invalidateQueries({ queryKey: alertKeys.list });
        return;
      case 'job_progress':
        if (m.job) updateJob(m.job);
        return;
      case 'notice':
        this.refresh(qk.user);
        return;
      case 'new_comments':
        this.arrived(m.count ?? ids.size);
        this.refresh(qk.activity);
        return;
      case 'comment_processed':
        // The decision is not in the message: fetch only the pages that show one of these comments.
        if (status) this.patchStatus(ids, status);
        this.refreshLists((q) => hasAny(q, ids));
        this.refresh(qk.analytics);
        return;
      case 'comment_status_update':
        if (status === 'processing') return this.patchStatus(ids, status);
        if (status === 'pending' && !cached && ids.size === 1) return this.arrived(1);
        break;
    }
    // A moderation outcome (or an unknown change): patch what is shown, refetch what it moves.
    if (status && cached) this.patchStatus(ids, status);
    const leavesQueue = !status || !QUEUE_STATUSES.includes(status);
    this.refreshLists((q) => hasAny(q, ids) || (isQueue(q) ? leavesQueue : !cached));
    for (const key of [qk.stats, qk.activity, qk.analytics]) this.refresh(key);
  }
}
