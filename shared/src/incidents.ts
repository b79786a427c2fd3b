/**
 * Troll-attack incidents (issue 11 item 4), declared once: the detection rule's figures, the stricter
 * policy's duration, and the shapes of the incident routes.
 *
 * The rule, per post: a comment counts when its analysis says it is negative or offensive. Counts are
 * kept per post in buckets of `bucketMinutes` (by the comment's time). An incident opens when, within
 * the sliding window of `windowMinutes` ending at a new counted comment, the post has at least
 * `max(minNegatives, ceil(baselineFactor × baseline))` counted comments, where `baseline` is the
 * post's own average per window before this window (its counted comments before the window divided by
 * the number of windows since its first counted comment; 0 for a post with no earlier history).
 * While an incident is open (`durationMinutes`, or until a moderator closes it) negative or offensive
 * comments on that post from first-time commenters are hidden, each with the incident as its reason.
 */
import * as z from 'zod';

export const TROLL_ATTACK = {
  /** The sliding window a burst is counted in. */
  windowMinutes: 30,
  /** Counts are kept in buckets this long (the window is a whole number of them). */
  bucketMinutes: 5,
  /** Never fewer counted comments in the window than this. */
  minNegatives: 5,
  /** …and at least this many times the post's own baseline per window. */
  baselineFactor: 5,
  /** How long the stricter policy lasts once an incident opens. */
  durationMinutes: 120,
  /** Comments older than this when analysed (a backfill) are counted for the baseline but never open an incident. */
  maxAgeMinutes: 30,
} as const;

export const INCIDENT_STATUSES = ['open', 'closed'] as const;
export const IncidentStatus = z.enum(INCIDENT_STATUSES);
export type IncidentStatus = z.infer<typeof IncidentStatus>;

export const Incident = z.object({
  id: z.string(),
  status: IncidentStatus,
  platform: z.string(),
  postId: z.string(),
  accountId: z.string().nullable(),
  /** The brand (Facebook page id) of the post's account, when known. */
  brandId: z.string().nullable(),
  openedAt: z.string(),
  /** When the stricter policy ends by itself. */
  endsAt: z.string(),
  closedAt: z.string().nullable(),
  /** Who closed it (a member's name), or null when it ended by itself or is open. */
  closedBy: z.string().nullable(),
  /** Negative or offensive comments in the window when it opened, the threshold and the post's baseline per window. */
  burst: z.number().int(),
  threshold: z.number().int(),
  baseline: z.number(),
  /** Comments the stricter policy hid. */
  hidden: z.number().int(),
  /** When a moderator restored its hidden comments (bulk), and how many were unhidden. */
  restoredAt: z.string().nullable(),
  restored: z.number().int(),
  reason: z.string(),
});
export type Incident = z.infer<typeof Incident>;

export const IncidentComment = z.object({
  commentId: z.string(),
  authorName: z.string(),
  content: z.string(),
  timestamp: z.string(),
  isHidden: z.boolean(),
  status: z.string(),
  /** The Automation log entry of the hide (undo restores it). */
  automationLogId: z.string(),
  restored: z.boolean(),
});
export type IncidentComment = z.infer<typeof IncidentComment>;

export const IncidentDetail = z.object({ incident: Incident, comments: z.array(IncidentComment) });
export type IncidentDetail = z.infer<typeof IncidentDetail>;

export const IncidentsQuery = z.object({
  status: IncidentStatus.optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});
export const IncidentsList = z.object({ items: z.array(Incident) });
export type IncidentsList = z.infer<typeof IncidentsList>;

/** A bulk restore: how many of the incident's hidden comments were unhidden, and each refusal. */
export const RestoreResult = z.object({
  incidentId: z.string(),
  restored: z.number().int(),
  failed: z.number().int(),
  results: z.array(z.object({ commentId: z.string(), ok: z.boolean(), message: z.string().optional() })),
});
export type RestoreResult = z.infer<typeof RestoreResult>;
