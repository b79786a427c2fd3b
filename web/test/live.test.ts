/** Live updates at scale (issue 12, item 6): messages patch the cache; refetches are coalesced. */
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { QueryObserver, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { Comment, CommentsList } from '@cg/shared';
import { createQueryClient, qk } from '../src/lib/queryClient';
import { LiveCache, readLive } from '../src/lib/live';

const QUEUE_KEY = [...qk.comments, 'queue', { limit: 25, offset: 0, pendingOnly: true }];
const comment = (i: number): Comment => ({
  id: `facebook_${i}`, platform: 'facebook', content: `comment ${i}`, authorName: 'A', authorId: 'a', timestamp: new Date(0).toISOString(), status: 'pending',
} as Comment);

/** A dashboard tab: the queue's first page, stats and activity shown; every fetch is recorded with its time. */
async function dashboard(client: QueryClient) {
  const fetches: { key: string; at: number }[] = [];
  const page: CommentsList = { comments: Array.from({ length: 25 }, (_, i) => comment(i)), total: 5000 };
  const shown: [QueryKey, () => unknown][] = [
    [QUEUE_KEY, () => page],
    [qk.stats, () => ({ facebookComments: 5000, instagramComments: 0, autoReplies: 0, deletedComments: 0, accuracyRate: 0 })],
    [qk.activity, () => []],
  ];
  const unsubscribe = shown.map(([queryKey, data]) => {
    const observer = new QueryObserver(client, {
      queryKey,
      queryFn: () => {
        fetches.push({ key: String(queryKey[0]), at: Date.now() });
        return data();
      },
    });
    return observer.subscribe(() => undefined);
  });
  await vi.runAllTimersAsync();
  fetches.length = 0; // the first load is not a live update
  return { fetches, close: () => unsubscribe.forEach((u) => u()) };
}

const send = (live: LiveCache, m: object) => live.handle(JSON.stringify(m));

function shuffled(n: number, seed: number): number[] {
  const out = Array.from({ length: n }, (_, i) => i);
  let s = seed;
  for (let i = n - 1; i > 0; i--) {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('live updates that scale', () => {
  test('a burst of 500 messages sends at most one request per shown query', async () => {
    const client = createQueryClient();
    const tab = await dashboard(client);
    const live = new LiveCache(client);
    for (let i = 0; i < 500; i++) send(live, { type: 'comment_action_executed', commentId: `facebook_${5000 + i}`, status: 'replied' });
    await vi.runAllTimersAsync();
    expect(tab.fetches.map((f) => f.key).sort()).toEqual(['activity', 'comments', 'stats']);
    tab.close();
    live.stop();
  });

  test('Process All of 5,000 comments: at most 30 requests, never two of one query within a second', async () => {
    const client = createQueryClient();
    const tab = await dashboard(client);
    const live = new LiveCache(client);
    const order = shuffled(5000, 7);
    // Queued: "processing" for every comment, in messages of 100 ids.
    for (let i = 0; i < 5000; i += 100) send(live, { type: 'comment_status_update', commentIds: order.slice(i, i + 100).map((n) => `facebook_${n}`), status: 'processing' });
    expect(client.getQueryData<CommentsList>(QUEUE_KEY)!.comments.every((c) => c.status === 'processing')).toBe(true);
    // Analysed at about 300 comments/s, in batches of 25, with a live comment arriving now and then.
    for (let i = 0; i < 5000; i += 25) {
      send(live, { type: 'comment_processed', commentIds: order.slice(i, i + 25).map((n) => `facebook_${n}`), status: 'processed' });
      if (i % 1000 === 0) send(live, { type: 'comment_status_update', commentId: `instagram_new_${i}`, status: 'pending' });
      await vi.advanceTimersByTimeAsync(83);
    }
    await vi.runAllTimersAsync();
    expect(tab.fetches.length).toBeLessThanOrEqual(30);
    for (const key of ['comments', 'stats', 'activity']) {
      const times = tab.fetches.filter((f) => f.key === key).map((f) => f.at);
      for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(1000);
    }
    // Every comment on the shown page was analysed and its card fetched again with its decision.
    expect(tab.fetches.some((f) => f.key === 'comments')).toBe(true);
    tab.close();
    live.stop();
  });

  test('a status change of a comment on the page patches it without a request', async () => {
    const client = createQueryClient();
    const tab = await dashboard(client);
    const live = new LiveCache(client);
    send(live, { type: 'comment_status_update', commentIds: ['facebook_3'], status: 'processing' });
    await vi.runAllTimersAsync();
    expect(client.getQueryData<CommentsList>(QUEUE_KEY)!.comments[3]!.status).toBe('processing');
    expect(tab.fetches).toEqual([]);
    tab.close();
  });

  test('a new comment is counted for the bar and in the total; the list is not fetched', async () => {
    const client = createQueryClient();
    const tab = await dashboard(client);
    const live = new LiveCache(client);
    send(live, { type: 'comment_status_update', commentId: 'facebook_9001', status: 'pending' });
    send(live, { type: 'new_comments', count: 3 });
    await vi.runAllTimersAsync();
    expect(readLive(client).newComments).toBe(4);
    expect(client.getQueryData<CommentsList>(QUEUE_KEY)!.total).toBe(5004);
    expect(client.getQueryData<CommentsList>(QUEUE_KEY)!.comments[0]!.id).toBe('facebook_0');
    expect(tab.fetches.map((f) => f.key)).not.toContain('comments');
    tab.close();
  });

  test('a list fetched from the server afterwards (Sync, the bar) holds the new comments: the count ends', async () => {
    const client = createQueryClient();
    const tab = await dashboard(client);
    const live = new LiveCache(client);
    send(live, { type: 'new_comments', count: 150 });
    expect(readLive(client).newComments).toBe(150);
    await client.invalidateQueries({ queryKey: qk.comments });
    expect(readLive(client).newComments).toBe(0);
    tab.close();
    live.stop();
  });

  test('after a reconnect every shown query is fetched once', async () => {
    const client = createQueryClient();
    const tab = await dashboard(client);
    const live = new LiveCache(client);
    live.resync();
    live.resync();
    await vi.runAllTimersAsync();
    expect(tab.fetches.map((f) => f.key).sort()).toEqual(['activity', 'comments', 'stats']);
    tab.close();
  });

  test('malformed and unknown messages are ignored', async () => {
    const client = createQueryClient();
    const tab = await dashboard(client);
    const live = new LiveCache(client);
    live.handle('not json');
    send(live, { type: 'something_else' });
    await vi.runAllTimersAsync();
    expect(tab.fetches).toEqual([]);
    tab.close();
  });
});

describe('real-time analytics follows the server (issue 11 item 10)', () => {
  /** The Analytics dashboard open: its fetches counted. */
  async function analyticsOpen(client: QueryClient) {
    let fetches = 0;
    const observer = new QueryObserver(client, { queryKey: qk.analytics, queryFn: () => { fetches++; return { totalComments: fetches }; } });
    const stop = observer.subscribe(() => undefined);
    await vi.runAllTimersAsync();
    return { fetches: () => fetches - 1, stop };
  }

  test('a comment message refreshes the dashboard only when the server marks it `analytics` (plans with real-time analytics)', async () => {
    const client = createQueryClient();
    const live = new LiveCache(client);
    const tab = await analyticsOpen(client);
    send(live, { type: 'comment_processed', commentIds: ['facebook_1'], status: 'processed' });
    send(live, { type: 'new_comments', count: 3 });
    await vi.runAllTimersAsync();
    expect(tab.fetches()).toBe(0);
    send(live, { type: 'comment_processed', commentIds: ['facebook_2'], status: 'processed', analytics: true });
    await vi.runAllTimersAsync();
    expect(tab.fetches()).toBe(1);
    tab.stop();
    live.stop();
  });
});
