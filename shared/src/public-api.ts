/**
 * The public API (issue 11, item 9), declared once: API key scopes and what each may call, the
 * outgoing webhook events, and the request and response shapes of their management routes.
 */
import * as z from 'zod';
import type { Access } from './roles.js';

/** Every key starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const API_KEY_PREFIX = 'pw_live_';

/**
 * Requests a key may make per minute (the API handler's per-key counter; RATE_LIMIT_API_KEY_PER_MINUTE
 * overrides it) and the matching API Gateway usage-plan throttle in AWS (rate per second, burst).
 */
export const API_KEY_RATE_LIMIT = { perMinute: 120, burstLimit: 20 } as const;

export const API_KEY_SCOPES = ['read', 'moderate'] as const;
export const ApiKeyScope = z.enum(API_KEY_SCOPES);
export type ApiKeyScope = z.infer<typeof ApiKeyScope>;

/** The route access levels each scope opens: `moderate` includes `read`; no key ever manages the workspace. */
export const SCOPE_ACCESS: Record<ApiKeyScope, readonly Access[]> = { read: ['read'], moderate: ['read', 'moderate'] };

/** Which scope a route's access needs (null: no API key may call it, whatever its scopes). */
export function scopeNeeded(access: Access | 'self'): ApiKeyScope | null {
  if (access === 'read') return 'read';
  if (access === 'moderate') return 'moderate';
  return null;
}

export function scopesAllow(scopes: readonly ApiKeyScope[], access: Access | 'self'): boolean {
  return scopes.some((s) => (SCOPE_ACCESS[s] as readonly string[]).includes(access));
}

export const CreateApiKeyBody = z.object({
  name: z.string().trim().min(1, 'must not be empty').max(100),
  scopes: z.array(ApiKeyScope).min(1, 'must name at least one scope (read, moderate)').max(2),
});
export const ApiKey = z.object({
  id: z.string(),
  name: z.string(),
  scopes: z.array(ApiKeyScope),
  /** The key's first characters, to tell keys apart (the rest is never shown again). */
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof ApiKey>;
/** Only the creation answer holds the key itself. */
export const CreatedApiKey = ApiKey.extend({ key: z.string() });
export type CreatedApiKey = z.infer<typeof CreatedApiKey>;

export const WEBHOOK_EVENTS = ['comment.received', 'comment.decided', 'comment.actioned', 'incident.opened'] as const;
export const WebhookEventType = z.enum(WEBHOOK_EVENTS);
export type WebhookEventType = z.infer<typeof WebhookEventType>;

/** The signature header of every delivery: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export const WEBHOOK_SIGNATURE_HEADER = 'Pagewarden-Signature';
/** A delivery's event id (the same on every retry: receivers dedupe on it). */
export const WEBHOOK_EVENT_ID_HEADER = 'Pagewarden-Event-Id';
/** Endpoints are disabled after this many failed deliveries in a row. */
export const WEBHOOK_MAX_CONSECUTIVE_FAILURES = 10;

export const CreateWebhookBody = z.object({
  url: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).max(2000),
  events: z.array(WebhookEventType).min(1, 'must name at least one event').max(WEBHOOK_EVENTS.length),
  description: z.string().trim().max(200).optional(),
});
export const WebhookEndpoint = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(WebhookEventType),
  description: z.string(),
  createdAt: z.string(),
  status: z.enum(['enabled', 'disabled']),
  consecutiveFailures: z.number(),
  /** Why it was disabled (repeated failures), shown as a notice. */
  disabledReason: z.string().nullable(),
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpoint>;
/** Only the creation answer holds the signing secret. */
export const CreatedWebhookEndpoint = WebhookEndpoint.extend({ secret: z.string() });
export const WebhookDelivery = z.object({
  id: z.string(),
  eventId: z.string(),
  event: WebhookEventType,
  attempt: z.number(),
  at: z.string(),
  ok: z.boolean(),
  /** The receiver's HTTP status (null: no answer). */
  status: z.number().nullable(),
  error: z.string().nullable(),
  durationMs: z.number(),
  /** When the next attempt is due (null: none). */
  nextAttemptAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

/** What a receiver gets: one event. */
export interface WebhookEventBody<T = unknown> { id: string; type: WebhookEventType; createdAt: string; workspaceId: string; data: T }
