/** Status names and enumerations shared by the server and the SPA (spec sections 3-4, design D11). */
import * as z from 'zod';

export const PLATFORMS = ['facebook', 'instagram'] as const;
export const Platform = z.enum(PLATFORMS);
export type Platform = z.infer<typeof Platform>;

/** Comment lifecycle (design D11): pending → processing → processed → approved → replied | deleted. */
export const COMMENT_STATUSES = ['pending', 'processing', 'processed', 'approved', 'replied', 'deleted'] as const;
export const CommentStatus = z.enum(COMMENT_STATUSES);
export type CommentStatus = z.infer<typeof CommentStatus>;

/** The dashboard queue (pendingOnly=true) holds these states. */
export const QUEUE_STATUSES: readonly CommentStatus[] = ['pending', 'processing', 'processed'];

export const DECISIONS = ['reply', 'delete', 'hide', 'ignore'] as const;
export const Decision = z.enum(DECISIONS);
export type Decision = z.infer<typeof Decision>;

export const SENTIMENTS = ['positive', 'negative', 'neutral'] as const;
export const Sentiment = z.enum(SENTIMENTS);
export type Sentiment = z.infer<typeof Sentiment>;

export const OVERRIDE_ACTIONS = ['ignore', 'reply_sent'] as const;
export const OverrideAction = z.enum(OVERRIDE_ACTIONS);
export type OverrideAction = z.infer<typeof OverrideAction>;

export const PLAN_IDS = ['starter', 'growth', 'ultimate'] as const;
export const PlanId = z.enum(PLAN_IDS);
export type PlanId = z.infer<typeof PlanId>;

export const SUBSCRIPTION_STATUSES = ['none', 'incomplete', 'active', 'past_due', 'canceled'] as const;
export const SubscriptionStatus = z.enum(SUBSCRIPTION_STATUSES);
export type SubscriptionStatus = z.infer<typeof SubscriptionStatus>;
