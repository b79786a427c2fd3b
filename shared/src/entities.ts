/** Entities of spec section 3 as zod schemas; types are inferred, never re-declared. */
import * as z from 'zod';
import { Role } from './roles.js';
import { CommentStatus, Decision, Platform, PlanId, Sentiment, SubscriptionStatus } from './status.js';
import { WorkspaceLogo } from './reports.js';

/**
 * The signed-in user as the app sees them (spec section 3): their profile, plus the plan and role of
 * the session's active workspace (design D13: plans belong to the workspace).
 */
export const User = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  /** False until the address is confirmed with the code mailed to it. */
  emailVerified: z.boolean().default(true),
  /** The active workspace of this session, its name and the user's role in it. */
  workspaceId: z.string().default(''),
  workspaceName: z.string().default(''),
  role: Role.default('owner'),
  /** End of the free trial (ISO), while the workspace has never paid; null once a plan is active. */
  trialEndsAt: z.string().nullable().default(null),
  subscriptionPlan: PlanId,
  subscriptionStatus: SubscriptionStatus.default('none'),
  /** ISO date when a cancelled subscription stops (cancel at period end). */
  cancelAt: z.string().nullable().default(null),
  currentPeriodEnd: z.string().nullable().default(null),
  /** A notice the app shows (payment failed, quota reached), or null. */
  notice: z.string().nullable().default(null),
  autoAnalyze: z.boolean().default(true),
  createdAt: z.string(),
});
export type User = z.infer<typeof User>;

/** The AI's decision about one comment (issue: decision model). */
export const AiDecision = z.object({
  decision: Decision,
  suggestedReply: z.string(),
  reasoning: z.string(),
  sentiment: Sentiment,
  isSpam: z.boolean(),
  isOffensive: z.boolean(),
  confidence: z.number().min(0).max(100),
  language: z.string(),
  provider: z.string(),
  version: z.string(),
  /** What kind of comment this is (threat, scam, spam, abuse, complaint, question, praise, other). */
  category: z.enum(['threat', 'scam', 'spam', 'abuse', 'complaint', 'question', 'praise', 'other']).optional(),
  /** Reason codes behind the decision, in words ("link to an unknown domain", "giveaway or prize words"). */
  reasons: z.array(z.string()).optional(),
  /** Queue priority: threats are urgent, complaints and abuse high. */
  priority: z.enum(['urgent', 'high', 'normal']).optional(),
  /** A person should look (a question needing an answer, a threat, an unsupported language). */
  needsHuman: z.boolean().optional(),
});
export type AiDecision = z.infer<typeof AiDecision>;

export const Comment = z.object({
  id: z.string(),
  platform: Platform,
  authorName: z.string(),
  authorId: z.string(),
  authorAvatar: z.string().optional(),
  content: z.string(),
  timestamp: z.string(),
  status: CommentStatus,
  aiDecision: AiDecision.nullable(),
  /** Platform-side ids and references. */
  externalId: z.string().optional(),
  accountId: z.string().optional(),
  postId: z.string().optional(),
  adId: z.string().optional(),
  parentId: z.string().optional(),
  isHidden: z.boolean().optional(),
  /** The last platform or analysis error, kept so the comment is never in limbo. */
  lastError: z.string().nullable().optional(),
  /** Our public reply as the platform accepted it: its platform id (to delete it: undo) and text. */
  reply: z.object({ id: z.string(), text: z.string(), at: z.string() }).optional(),
  /** When the one private reply Meta allows per comment was sent. */
  privateReplyAt: z.string().optional(),
  /** The author was blocked from the page because of this comment. */
  authorBlocked: z.boolean().optional(),
  /** Reviewed with nothing to do (left the queue without a platform action). */
  dismissed: z.boolean().optional(),
  /** Labels a rule flagged it with for review (issue 11); it stays in the queue. */
  flags: z.array(z.string()).optional(),
  /** The member (user id) a rule assigned it to. */
  assignedTo: z.string().optional(),
});
export type Comment = z.infer<typeof Comment>;

/**
 * One page of comments. `total` answers the spec's offset contract; `nextCursor` (keyset paging)
 * continues after the last comment of this page, null at the end.
 */
export const CommentsList = z.object({ comments: z.array(Comment), total: z.number().int().nonnegative(), nextCursor: z.string().nullable().optional() });
export type CommentsList = z.infer<typeof CommentsList>;

export const Stats = z.object({
  facebookComments: z.number(),
  instagramComments: z.number(),
  autoReplies: z.number(),
  deletedComments: z.number(),
  accuracyRate: z.number(),
  /** Decisions a human has reviewed: until one was, there is no accuracy to show. */
  reviewed: z.number().int().nonnegative().optional(),
});
export type Stats = z.infer<typeof Stats>;

export const Activity = z.object({ id: z.string(), description: z.string(), executedAt: z.string() });
export type Activity = z.infer<typeof Activity>;

export const ApiResponseStat = z.object({ status: z.number(), message: z.string(), count: z.number() });
export const Analytics = z.object({
  totalComments: z.number(),
  positiveComments: z.number(),
  negativeComments: z.number(),
  neutralComments: z.number(),
  spamComments: z.number(),
  offensiveComments: z.number(),
  repliedComments: z.number(),
  deletedComments: z.number(),
  pendingComments: z.number(),
  averageConfidence: z.number(),
  apiResponseStats: z.array(ApiResponseStat),
});
export type Analytics = z.infer<typeof Analytics>;

export const SocialAccount = z.object({
  id: z.string(),
  platform: Platform,
  accountName: z.string(),
  isActive: z.boolean(),
  needsReconnect: z.boolean().default(false),
});
export type SocialAccount = z.infer<typeof SocialAccount>;

/** Display name (spec section 3): "firstName lastName" when both exist, else the email, else "User". */
export function displayName(u: Pick<User, 'firstName' | 'lastName' | 'email'> | null | undefined): string {
  if (u?.firstName && u?.lastName) return `${u.firstName} ${u.lastName}`;
  return u?.email || 'User';
}

/** Avatar initials: first letter of each word of the display name, uppercased, at most 2. */
export function initials(name: string): string {
  return name.split(/\s+/).filter(Boolean).map((w) => w[0]!.toUpperCase()).join('').slice(0, 2);
}

export const Member = z.object({ userId: z.string(), email: z.string(), role: Role });
export type Member = z.infer<typeof Member>;

/** The active workspace (issue #9): GET /api/workspace. */
export const Workspace = z.object({
  id: z.string(), name: z.string(), role: Role, autoAnalyze: z.boolean().default(true), members: z.array(Member),
  /** The logo on report files (GET /api/workspace/logo), null when none. */
  logo: WorkspaceLogo.nullable().default(null),
  /** Owners and admins get the last 7 days' report by mail every Monday (issue 11 item 8). */
  weeklyReport: z.boolean().default(true),
});
export type Workspace = z.infer<typeof Workspace>;

/** One of the user's workspaces with their role in it (the header's switcher). */
export const WorkspaceSummary = z.object({ id: z.string(), name: z.string(), role: Role, active: z.boolean() });
export type WorkspaceSummary = z.infer<typeof WorkspaceSummary>;

/** A pending invitation as the team screen lists it (the token is shown once, at creation). */
export const PendingInvitation = z.object({ id: z.string(), email: z.string(), role: Role, expiresAt: z.string(), invitedBy: z.string() });
export type PendingInvitation = z.infer<typeof PendingInvitation>;

/** POST /api/workspace/invitations answers the invitation with its single-use token and link. */
export const CreatedInvitation = z.object({ id: z.string(), email: z.string(), role: Role, token: z.string(), acceptUrl: z.string(), expiresAt: z.string() });
export type CreatedInvitation = z.infer<typeof CreatedInvitation>;

/** One audit-log entry: who changed what, when (kept a year). */
export const AuditEntry = z.object({
  id: z.string(),
  at: z.string(),
  actorId: z.string(),
  actorEmail: z.string(),
  action: z.string(),
  target: z.string(),
  changes: z.record(z.string(), z.unknown()).default({}),
});
export type AuditEntry = z.infer<typeof AuditEntry>;
export const AuditPage = z.object({ entries: z.array(AuditEntry), nextCursor: z.string().nullable() });
export type AuditPage = z.infer<typeof AuditPage>;

/** The actions a moderator can take on any comment (each a route; platform ones happen exactly once). */
export const COMMENT_ACTIONS = ['approve', 'reply', 'private_reply', 'hide', 'unhide', 'delete', 'dismiss', 'block', 'delete_reply', 'override', 'update_reply', 'flag', 'unflag', 'assign', 'unassign'] as const;
export const CommentAction = z.enum(COMMENT_ACTIONS);
export type CommentAction = z.infer<typeof CommentAction>;

/** One entry of a comment's history: every action, who, when, and what the platform answered. */
export const CommentHistoryEntry = z.object({
  id: z.string(),
  at: z.string(),
  action: CommentAction,
  /** Who acted (display name), or null for the system. */
  by: z.string().nullable(),
  description: z.string(),
  /** The status the comment had after it. */
  status: CommentStatus,
  /** The platform's id of what it created (our reply), when any. */
  platformId: z.string().optional(),
});
export type CommentHistoryEntry = z.infer<typeof CommentHistoryEntry>;

/** Where a comment was posted and who wrote it: GET /api/comments/{id}/context. */
export const CommentContext = z.object({
  commentId: z.string(),
  platform: Platform,
  /** The brand (its Facebook page's name) and the account (page or Instagram account) the comment is on. */
  brand: z.object({ id: z.string(), name: z.string() }).nullable(),
  account: z.object({ id: z.string(), name: z.string(), platform: Platform }).nullable(),
  /** The post, media or ad the comment is on; label says whether it is an ad or a dark post. */
  post: z.object({
    id: z.string(),
    text: z.string(),
    permalink: z.string().nullable(),
    label: z.enum(['Ad', 'Dark post']).nullable(),
    adId: z.string().nullable(),
  }).nullable(),
  /** The comment this one answers (a reply), when stored. */
  parent: Comment.nullable(),
  /** The author's comments in this workspace. */
  author: z.object({
    id: z.string(), name: z.string(), comments: z.number().int(), hidden: z.number().int(), deleted: z.number().int(), firstSeen: z.string().nullable(),
    /** False when only the workspace's most recent 5,000 comments were looked at (the counts are "at least"). */
    complete: z.boolean(),
  }),
  /** Where to see the comment on Facebook or Instagram. */
  permalink: z.string().nullable(),
});
export type CommentContext = z.infer<typeof CommentContext>;

/** One item of a bulk action. */
export const BulkItemResult = z.object({ id: z.string(), ok: z.boolean(), status: CommentStatus.optional(), error: z.string().optional(), /** Why it failed: not_found, conflict (state or a race), upstream (the platform refused), invalid, forbidden. */ reason: z.string().optional() });
export const BulkResult = z.object({ action: z.string(), total: z.number().int(), succeeded: z.number().int(), failed: z.number().int(), results: z.array(BulkItemResult) });
export type BulkResult = z.infer<typeof BulkResult>;
