/** Test data shaped by the shared contracts. */
import type { Activity, Analytics, AuditEntry, Comment, PendingInvitation, SocialAccount, Stats, User, Workspace, WorkspaceSummary } from '@cg/shared';
import type { MockApi } from './harness';
import { defaultAutopilot } from '@cg/shared/autopilot';
import { ALERT_KINDS, DEFAULT_ALERT_ROUTE } from '@cg/shared';

export const now = Date.now();
const ago = (minutes: number) => new Date(now - minutes * 60_000).toISOString();

export const user: User = {
  id: 'user-123',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  emailVerified: true,
  workspaceId: 'ws-ada',
  workspaceName: 'Lovelace Labs',
  role: 'owner',
  trialEndsAt: null,
  subscriptionPlan: 'starter',
  subscriptionStatus: 'active',
  cancelAt: null,
  currentPeriodEnd: null,
  notice: null,
  autoAnalyze: true,
  createdAt: '2026-01-15T10:00:00.000Z',
};

export const stats: Stats = { facebookComments: 120, instagramComments: 80, autoReplies: 45, deletedComments: 12, accuracyRate: 87.5, reviewed: 16 };

export const activity: Activity[] = Array.from({ length: 7 }, (_, i) => ({
  id: `a${i}`,
  description: `Replied to comment #${i + 1}`,
  executedAt: ago(i * 30 + 2),
}));

function decision(d: Partial<NonNullable<Comment['aiDecision']>>): NonNullable<Comment['aiDecision']> {
  return {
    decision: 'reply',
    suggestedReply: '',
    reasoning: '',
    sentiment: 'neutral',
    isSpam: false,
    isOffensive: false,
    confidence: 90,
    language: 'en',
    provider: 'embedded',
    version: '1',
    ...d,
  };
}

export const queue: Comment[] = [
  { id: 'c-processing', platform: 'facebook', authorName: 'Pat Processing', authorId: 'p1', content: 'Is this in stock?', timestamp: ago(5), status: 'processing', aiDecision: null },
  { id: 'c-pending', platform: 'instagram', authorName: 'Penny Pending', authorId: 'p2', content: 'Love the new colours!', timestamp: ago(10), status: 'pending', aiDecision: null },
  {
    id: 'c-reply', platform: 'facebook', authorName: 'Rita Reply', authorId: 'p3', content: 'Do you ship to Canada?', timestamp: ago(20), status: 'processed',
    aiDecision: decision({ decision: 'reply', suggestedReply: 'Yes, we ship to Canada within 5 days.', sentiment: 'neutral', confidence: 92, reasoning: 'Shipping question' }),
  },
  {
    id: 'c-delete', platform: 'instagram', authorName: 'Sam Spammer', authorId: 'p4', content: 'Buy cheap followers at spam.example', timestamp: ago(30), status: 'processed',
    aiDecision: decision({ decision: 'delete', reasoning: 'Promotional spam with an external link.', isSpam: true, sentiment: 'neutral', confidence: 97 }),
  },
  {
    id: 'c-hide', platform: 'facebook', authorName: 'Harry Hide', authorId: 'p5', content: 'This brand is a joke', timestamp: ago(40), status: 'processed',
    aiDecision: decision({ decision: 'hide', reasoning: 'Inflammatory but not abusive.', sentiment: 'negative', confidence: 71 }),
  },
  {
    id: 'c-ignore', platform: 'instagram', authorName: 'Ivy Ignore', authorId: 'p6', content: '🔥🔥', timestamp: ago(50), status: 'processed',
    aiDecision: decision({ decision: 'ignore', sentiment: 'positive', confidence: 88, reasoning: 'Emoji only' }),
  },
];

export const analytics: Analytics = {
  totalComments: 200,
  positiveComments: 110,
  negativeComments: 40,
  neutralComments: 50,
  spamComments: 18,
  offensiveComments: 7,
  repliedComments: 90,
  deletedComments: 12,
  pendingComments: 98,
  averageConfidence: 86.4,
  apiResponseStats: [
    { status: 200, message: 'OK', count: 180 },
    { status: 429, message: 'Rate limited', count: 3 },
  ],
};

export const allComments: Comment[] = [
  ...queue,
  {
    id: 'c-replied', platform: 'facebook', authorName: 'Rob Replied', authorId: 'p7', content: 'What are your opening hours?', timestamp: ago(600), status: 'replied',
    aiDecision: decision({ decision: 'reply', suggestedReply: 'We are open 9 to 5, Monday to Friday.', confidence: 95 }),
  },
  {
    id: 'c-deleted', platform: 'instagram', authorName: 'Dee Deleted', authorId: 'p8', content: 'You are all idiots', timestamp: ago(3000), status: 'deleted',
    aiDecision: decision({ decision: 'delete', isOffensive: true, sentiment: 'negative', confidence: 99 }),
  },
];

export const socialAccounts: SocialAccount[] = [
  { id: 'sa-fb', platform: 'facebook', accountName: 'Acme Coffee', isActive: true, needsReconnect: false },
  { id: 'sa-ig', platform: 'instagram', accountName: 'acme.coffee', isActive: true, needsReconnect: true },
];

export const workspaces: WorkspaceSummary[] = [
  { id: 'ws-ada', name: 'Lovelace Labs', role: 'owner', active: true },
  { id: 'ws-agency', name: 'Bright Agency', role: 'viewer', active: false },
];

export const workspace: Workspace = {
  id: 'ws-ada',
  name: 'Lovelace Labs',
  role: 'owner',
  autoAnalyze: true,
  logo: null,
  weeklyReport: true,
  members: [
    { userId: 'user-123', email: 'ada@example.com', role: 'owner' },
    { userId: 'user-456', email: 'grace@example.com', role: 'moderator' },
  ],
};

export const invitations: PendingInvitation[] = [
  { id: 'inv-1', email: 'alan@example.com', role: 'viewer', expiresAt: '2026-01-22T10:00:00.000Z', invitedBy: 'ada@example.com' },
];

export const auditEntries: AuditEntry[] = [
  { id: 'au-1', at: ago(3), actorId: 'user-123', actorEmail: 'ada@example.com', action: 'member.role', target: 'grace@example.com', changes: { role: { from: 'viewer', to: 'moderator' } } },
  { id: 'au-2', at: ago(9), actorId: 'user-456', actorEmail: 'grace@example.com', action: 'comment.approve', target: 'c-reply', changes: {} },
];

/** The answers a signed-in screen needs. */
export function signedIn(api: MockApi, over: { user?: User; comments?: Comment[]; total?: number } = {}): MockApi {
  // Every comment's context (where it was posted, its author) and history, as the cards and the drawer load them.
  for (const c of [...queue, ...allComments, ...(over.comments ?? [])]) {
    api.on(`GET /api/comments/${c.id}/context`, { json: contextOf(c) });
    api.on(`GET /api/comments/${c.id}/history`, { json: [] });
  }
  return api
    .on('GET /api/user', { json: over.user ?? user })
    .on('GET /api/stats', { json: stats })
    .on('GET /api/activity', { json: activity })
    .on('GET /api/analytics', { json: analytics })
    .on('GET /api/social-accounts', { json: socialAccounts })
    .on('GET /api/brands', { json: [] })
    // The reply editor offers the saved replies (issue 11).
    .on('GET /api/saved-replies', { json: [] })
    // The header's alert bell (issue 11 item 7) and Settings → Alerts.
    .on('GET /api/alerts', { json: { items: [], unread: 0 } })
    // The dashboard's troll-attack banner asks for open incidents (issue 11 item 4); none by default.
    .on('GET /api/incidents', { json: { items: [] } })
    .on('GET /api/alerts/settings', { json: { routes: Object.fromEntries(ALERT_KINDS.map((k) => [k, { ...DEFAULT_ALERT_ROUTE }])), emailRecipients: [], slackUrl: null } })
    // Settings → Autopilot reads each brand's settings (off by default).
    .on('GET /api/brands/page-1/autopilot', { json: { ...defaultAutopilot('page-1') } })
    .on('GET /api/brands/page-2/autopilot', { json: { ...defaultAutopilot('page-2') } })
    // Settings → Scheduled automation reads each brand's schedule (off until saved).
    .on('GET /api/brands/page-1/schedule', { json: { brandId: 'page-1', preset: 'off', times: [], timeZone: 'UTC', updatedAt: null, nextRuns: [] } })
    .on('GET /api/brands/page-2/schedule', { json: { brandId: 'page-2', preset: 'off', times: [], timeZone: 'UTC', updatedAt: null, nextRuns: [] } })
    .on('GET /api/workspaces', { json: workspaces })
    .on('GET /api/workspace', { json: workspace })
    .on('GET /api/workspace/invitations', { json: invitations })
    .on('GET /api/audit-log', { json: { entries: auditEntries, nextCursor: null } })
    .on('GET /api/comments', (req) => {
      const list = over.comments ?? (req.query.get('pendingOnly') === 'true' ? queue : allComments);
      return { json: { comments: list, total: over.total ?? list.length } };
    });
}

/** The context of a fixture comment: a brand page, a post (an ad for Instagram ones), the author's record. */
export function contextOf(c: Comment) {
  return {
    commentId: c.id, platform: c.platform,
    brand: { id: 'page-1', name: 'Acme Shoes' },
    account: { id: c.platform === 'facebook' ? 'page-1' : 'ig-1', name: c.platform === 'facebook' ? 'Acme Shoes' : '@acmeshoes', platform: c.platform },
    post: { id: `post-${c.id}`, text: c.platform === 'instagram' ? 'Summer sale: 30% off all sneakers' : 'New arrivals are here', permalink: `https://example.com/p/${c.id}`, label: c.platform === 'instagram' ? 'Ad' : null, adId: c.platform === 'instagram' ? 'ad-1' : null },
    parent: null,
    author: { id: c.authorId, name: c.authorName, comments: 3, hidden: 1, deleted: 0, firstSeen: ago(60 * 24 * 30) },
    permalink: `https://example.com/c/${c.id}`,
  };
}
