/** Entities of spec section 3 as zod schemas; types are inferred, never re-declared. */
import * as z from 'zod';
import { Role } from './roles.js';
import { CommentStatus, Decision, Platform, PlanId, Sentiment, SubscriptionStatus } from './status.js';

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
});
export type Comment = z.infer<typeof Comment>;

export const CommentsList = z.object({ comments: z.array(Comment), total: z.number().int().nonnegative() });
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
export const Workspace = z.object({ id: z.string(), name: z.string(), role: Role, members: z.array(Member) });
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
