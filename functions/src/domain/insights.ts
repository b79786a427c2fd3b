/** Read side: stats, analytics and the comment lists, all from counters and keyed queries (no Scan). */
import type { Activity, Analytics, CommentsList, CommentsQuery, Stats } from '@cg/shared';
import { stores } from './store-port.js';

const store = stores.comments;

const pct = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);

export async function stats(workspaceId: string): Promise<Stats> {
  const c = await store.getCounters(workspaceId);
  return {
    facebookComments: c.platform_facebook ?? 0,
    instagramComments: c.platform_instagram ?? 0,
    autoReplies: c.status_replied ?? 0,
    deletedComments: c.status_deleted ?? 0,
    // Design D11: decisions approved unchanged ÷ decisions reviewed by a human.
    accuracyRate: pct(c.unchanged ?? 0, c.reviewed ?? 0),
    reviewed: c.reviewed ?? 0,
  };
}

export async function analytics(workspaceId: string): Promise<Analytics> {
  const [c, api] = await Promise.all([store.getCounters(workspaceId), store.getApiResponses(workspaceId)]);
  const apiResponseStats = api.sort((a, b) => a.status - b.status || b.count - a.count);
  return {
    totalComments: c.total ?? 0,
    positiveComments: c.sentiment_positive ?? 0,
    negativeComments: c.sentiment_negative ?? 0,
    neutralComments: c.sentiment_neutral ?? 0,
    spamComments: c.spam ?? 0,
    offensiveComments: c.offensive ?? 0,
    repliedComments: c.status_replied ?? 0,
    deletedComments: c.status_deleted ?? 0,
    pendingComments: c.queue ?? 0,
    averageConfidence: c.decided ? Math.round(((c.confidenceSum ?? 0) / c.decided) * 10) / 10 : 0,
    apiResponseStats,
  };
}

export const DEFAULT_PAGE = 25;

export async function listComments(workspaceId: string, q: CommentsQuery): Promise<CommentsList> {
  const limit = q.limit ?? DEFAULT_PAGE;
  const offset = q.offset ?? 0;
  if (q.pendingOnly) {
    const c = await store.getCounters(workspaceId);
    const items = await store.listQueue(workspaceId, q.platform, offset, limit);
    return { comments: items.map((s) => s.comment), total: (q.platform ? c[`queue_${q.platform}`] : c.queue) ?? 0 };
  }
  const { items, filteredTotal } = await store.listAll(workspaceId, q, offset, limit);
  const total = filteredTotal ?? (await store.getCounters(workspaceId)).total ?? 0;
  return { comments: items.map((s) => s.comment), total };
}

/** Recent Activity: the last 20 entries, newest first. */
export async function recentActivity(workspaceId: string): Promise<Activity[]> {
  return store.listActivity(workspaceId, 20);
}
