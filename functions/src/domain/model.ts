/**
 * What the domain keeps, as the store port hands it over (design D14): the records of workspaces,
 * members, sessions, accounts and comments. The DynamoDB adapter (functions/src/store/) stores these
 * shapes; the domain never sees a key or a DynamoDB type.
 */
import type { CountedComment, Platform, Role, User, WorkspaceLogo } from '@cg/shared';

/**
 * The workspace's configuration that the functions read on every comment and may keep between
 * events (store-port.ts): each write of an area bumps its version on the workspace record
 * (`cfg_<area>`, set to 0 when the workspace is created), and a kept copy is used only while that
 * version is unchanged.
 */
export const CONFIG_AREAS = ['rules', 'accounts', 'webhooks', 'examples', 'autopilot', 'brands'] as const;
export type ConfigArea = (typeof CONFIG_AREAS)[number];
export const configVersionAttribute = (area: ConfigArea): string => `cfg_${area}`;

/** A comment with its version (optimistic concurrency) and review state, inside its workspace. */
export interface StoredComment extends CountedComment {
  workspaceId: string;
  version: number;
  updatedAt: string;
  /** How many times the automation sent a failed analysis back to the queue (bounded; absent = none). */
  analysisRetries?: number;
}

/** A connected Facebook page or Instagram account (a brand is a page and its Instagram account). */
export interface StoredAccount {
  id: string;
  workspaceId: string;
  platform: Platform;
  accountName: string;
  /** The page or Instagram business account id at Meta. */
  externalId: string;
  /** The Facebook page this account belongs to (the brand). */
  brandId: string;
  encryptedToken: string | null;
  isActive: boolean;
  needsReconnect: boolean;
  /** Since-time of the last complete sync of this account (incremental sync), or null. */
  syncedUntil: string | null;
  /** Do not call Meta for this account before this instant (throttled). */
  throttledUntil: string | null;
  /** For the brand's Facebook account: the Instagram account id of the same page, if any. */
  instagramId: string | null;
  /** Encrypted long-lived user token (ads listing), kept on the brand's Facebook account. */
  encryptedUserToken: string | null;
  connectedAt: string;
}

/** The plan and settings fields a workspace carries (the app shows them on the user of the session). */
export type PlanFields = Pick<User, 'subscriptionPlan' | 'subscriptionStatus' | 'cancelAt' | 'currentPeriodEnd' | 'notice' | 'autoAnalyze' | 'trialEndsAt'>;

export interface WorkspaceRecord extends PlanFields {
  id: string;
  name: string;
  ownerId: string;
  /** The owner's email (billing contact at Stripe). */
  ownerEmail: string;
  createdAt: string;
  /** The logo on report files (stored at logos/<workspace> in the file store), null/absent when none. */
  logo?: WorkspaceLogo | null;
  /** Mail the weekly report to owners and admins; absent = yes. */
  weeklyReport?: boolean;
}

export interface MemberRecord { workspaceId: string; userId: string; email: string; role: Role; joinedAt: string }
export interface MembershipRecord { workspaceId: string; name: string; role: Role }

export interface InvitationRecord {
  id: string;
  workspaceId: string;
  email: string;
  role: Role;
  tokenHash: string;
  invitedBy: string;
  expiresAt: string;
}

/** A person (not a tenant: plans live on the workspace). */
export interface Profile {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  emailVerified: boolean;
  createdAt: string;
  /** The workspace the user last worked in: a new session starts there. */
  lastWorkspaceId: string | null;
}

export interface SessionRecord { sessionId: string; userId: string; workspaceId: string | null; createdAt: string }

/** A workspace that connected a page or Instagram account (each receives its webhooks). */
export interface PageOwner { workspaceId: string; accountId: string }

export interface BillingAccount { customerId: string | null; subscriptionId: string | null }

/** Consecutive sign-in failures of one bucket (an email, an IP, or both) and when the last happened. */
export interface FailureRecord { failures: number; lastFailureAt: number }

export interface DeletionStatus { code: string; status: 'completed'; completedAt: string }

/** A comment as a platform hands it over, whatever platform or source it came from. */
export interface PlatformComment {
  platform: Platform;
  externalId: string;
  /** Facebook page id or Instagram business account id. */
  accountExternalId: string;
  /** Facebook post id (`{page}_{post}`, dark posts included) or Instagram media id. */
  postId: string;
  adId?: string;
  /** Parent comment id for replies; undefined for top-level comments. */
  parentId?: string;
  authorId: string;
  authorName: string;
  authorAvatar?: string;
  content: string;
  /** ISO 8601. */
  timestamp: string;
  isHidden: boolean;
  /** Written by the page / IG account itself (not to be moderated). */
  fromPage: boolean;
}

export type WebhookVerb = 'add' | 'edited' | 'remove' | 'hide' | 'unhide';

/** One comment change a Meta webhook delivered. */
export interface WebhookCommentEvent {
  platform: Platform;
  verb: WebhookVerb;
  accountExternalId: string;
  /** `${platform}:${commentId}:${verb}` (edits also carry the entry time, so a second edit is not dropped); hide and unhide are not deduped (the platform state decides). */
  dedupeKey: string;
  /** What the event says about the comment: always externalId/platform/account; the rest when Meta sends it. */
  comment: Pick<PlatformComment, 'platform' | 'externalId' | 'accountExternalId'> & Partial<PlatformComment> & { adTitle?: string };
}
