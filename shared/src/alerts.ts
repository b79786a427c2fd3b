/**
 * Alerts (issue 11, item 7), declared once: the kinds, the channels each kind goes to, and the
 * shapes of the alert routes (GET/PUT /api/alerts/settings, GET /api/alerts, POST /api/alerts/read).
 */
import * as z from 'zod';

export const ALERT_KINDS = ['incident', 'negative_surge', 'response_overdue', 'quota_80', 'quota_100', 'reconnect'] as const;
export const AlertKind = z.enum(ALERT_KINDS);
export type AlertKind = z.infer<typeof AlertKind>;

export const ALERT_KIND_LABELS: Record<AlertKind, string> = {
  incident: 'Troll-attack incident',
  negative_surge: 'Surge of negative comments',
  response_overdue: 'Comments waiting longer than the response-time target',
  quota_80: 'Quota at 80%',
  quota_100: 'Quota used up (100%)',
  reconnect: 'A Facebook or Instagram connection stopped working',
};

export const ALERT_CHANNELS = ['inApp', 'email', 'slack'] as const;
export const AlertChannel = z.enum(ALERT_CHANNELS);
export type AlertChannel = z.infer<typeof AlertChannel>;

/** Which channels one kind goes to. */
export const AlertRoute = z.object({ inApp: z.boolean(), email: z.boolean(), slack: z.boolean() });
export type AlertRoute = z.infer<typeof AlertRoute>;

/** By default every kind is in the bell and mailed; Slack once a URL is set. */
export const DEFAULT_ALERT_ROUTE: AlertRoute = { inApp: true, email: true, slack: true };

export const AlertSettings = z.object({
  routes: z.record(AlertKind, AlertRoute),
  /** Member user ids who receive alert mail (empty: the workspace's owner and admins). */
  emailRecipients: z.array(z.string().min(1).max(200)).max(100),
  /** A Slack-compatible incoming-webhook URL (POST JSON {text}); null: none. */
  slackUrl: z.string().max(2000).nullable(),
});
export type AlertSettings = z.infer<typeof AlertSettings>;

export const AlertSettingsInput = z.object({
  routes: z.partialRecord(AlertKind, AlertRoute).optional(),
  emailRecipients: z.array(z.string().min(1).max(200)).max(100).optional(),
  slackUrl: z.string().trim().max(2000).nullable().optional(),
});
export type AlertSettingsInput = z.infer<typeof AlertSettingsInput>;

export const Alert = z.object({
  id: z.string(),
  kind: AlertKind,
  brandId: z.string().nullable(),
  title: z.string(),
  detail: z.string(),
  /** An in-app path to look at (e.g. /incidents/…), or null. */
  link: z.string().nullable(),
  createdAt: z.string(),
  read: z.boolean(),
});
export type Alert = z.infer<typeof Alert>;

export const AlertsList = z.object({ items: z.array(Alert), unread: z.number().int().min(0) });
export type AlertsList = z.infer<typeof AlertsList>;

export const AlertsQuery = z.object({ limit: z.coerce.number().int().min(1).max(100).optional() });

/** Marks the alerts with these ids read, or every alert (`all: true`). */
export const MarkAlertsReadBody = z.union([
  z.object({ ids: z.array(z.string().min(1).max(200)).min(1).max(100) }).strict(),
  z.object({ all: z.literal(true) }).strict(),
]);
export type MarkAlertsReadBody = z.infer<typeof MarkAlertsReadBody>;
export const MarkAlertsReadResult = z.object({ unread: z.number().int().min(0) });

/**
 * The negative-sentiment surge rule (functions/src/domain/alert-rules.ts), per UTC hour, for the
 * workspace and each brand: the hour's negative comments reach at least `minNegatives` and
 * `factor` × the average per hour over the `baselineHours` before it, and make up at least
 * `minShare` of the hour's analysed comments.
 */
export const NEGATIVE_SURGE = { baselineHours: 24, minNegatives: 10, factor: 3, minShare: 0.4 } as const;
/** Quota alerts go out when a month's analysed comments reach these shares of the plan's quota. */
export const QUOTA_ALERT_LEVELS = [{ kind: 'quota_80', share: 0.8 }, { kind: 'quota_100', share: 1 }] as const;
/** A Slack-compatible receiver has this long to answer. */
export const SLACK_TIMEOUT_MS = 5_000;
