/**
 * Outgoing webhooks (issue 11, item 9): a workspace's endpoints receive its events (comment.received,
 * comment.decided, comment.actioned, incident.opened) as signed POSTs. Emitting only queues the
 * deliveries (never blocks the action that emitted them); a queue consumer delivers, logs each
 * attempt, retries failures with back-off through the queue's delay, and disables an endpoint after
 * WEBHOOK_MAX_CONSECUTIVE_FAILURES failures in a row, with the reason shown as its notice.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import {
  WEBHOOK_EVENT_ID_HEADER, WEBHOOK_MAX_CONSECUTIVE_FAILURES, WEBHOOK_SIGNATURE_HEADER, planHasFeature,
  type Comment, type WebhookDelivery, type WebhookEndpoint, type WebhookEventBody, type WebhookEventType,
} from '@cg/shared';
import { assertApiAccess } from './api-keys.js';
import { Invalid, Missing } from './errors.js';
import { webhookUrlProblem } from './webhook-url.js';
import { vault } from './meta-port.js';
import type { DeliveryJob, WebhookEndpointRecord } from './public-api-model.js';
import { stores } from './store-port.js';
import { outgoingWebhooks } from './webhook-port.js';
import { webhookSignature } from './webhook-signature.js';

const store = stores.outgoingWebhooks;

/** Attempts per delivery: the first and five retries (30 s, 2, 8, 15 and 15 minutes with the default base). */
export const MAX_ATTEMPTS = 6;
/** SQS delays a message at most 15 minutes. */
const MAX_DELAY_SECONDS = 900;

/** Seconds before attempt `attempt + 1` (WEBHOOK_RETRY_BASE_SECONDS, default 30, times 4 per attempt). */
export function retryDelaySeconds(attempt: number): number {
  const base = Number(process.env.WEBHOOK_RETRY_BASE_SECONDS);
  return Math.min(MAX_DELAY_SECONDS, (Number.isFinite(base) && base > 0 ? base : 30) * 4 ** (attempt - 1));
}

const view = (w: WebhookEndpointRecord): WebhookEndpoint => ({
  id: w.id, url: w.url, events: w.events, description: w.description, createdAt: w.createdAt, status: w.status,
  consecutiveFailures: w.consecutiveFailures, disabledReason: w.disabledReason,
});

export async function createWebhook(workspaceId: string, input: { url: string; events: WebhookEventType[]; description?: string }): Promise<WebhookEndpoint & { secret: string }> {
  await assertApiAccess(workspaceId);
  const problem = webhookUrlProblem(input.url);
  if (problem) throw new Invalid(`The endpoint URL ${problem}.`, [{ field: 'url', message: problem }]);
  const secret = `whsec_${randomBytes(32).toString('base64url')}`;
  const record: WebhookEndpointRecord = {
    id: randomUUID(), workspaceId, url: input.url, events: [...new Set(input.events)], description: input.description ?? '',
    sealedSecret: await vault().seal(secret), createdAt: new Date().toISOString(), status: 'enabled', consecutiveFailures: 0, disabledReason: null,
  };
  await store.putWebhook(record);
  return { ...view(record), secret };
}

export async function listWebhooks(workspaceId: string): Promise<WebhookEndpoint[]> {
  return (await store.listWebhooks(workspaceId)).map(view);
}

export async function deleteWebhook(workspaceId: string, id: string): Promise<void> {
  if (!(await store.deleteWebhook(workspaceId, id))) throw new Missing('Webhook endpoint not found');
}

export async function deliveries(workspaceId: string, id: string, limit = 100): Promise<WebhookDelivery[]> {
  if (!(await store.getWebhook(workspaceId, id))) throw new Missing('Webhook endpoint not found');
  return (await store.listDeliveries(workspaceId, id, limit)).map(({ endpointId: _e, ...d }) => d);
}

/** What a comment event tells a receiver about the comment. */
export function commentPayload(c: Comment): Record<string, unknown> {
  return {
    id: c.id, platform: c.platform, externalId: c.externalId ?? null, postId: c.postId ?? null, parentId: c.parentId ?? null, adId: c.adId ?? null,
    authorId: c.authorId, authorName: c.authorName, content: c.content, timestamp: c.timestamp, status: c.status, isHidden: c.isHidden ?? false,
    aiDecision: c.aiDecision ?? null,
  };
}

/**
 * Queues one delivery per event to every enabled endpoint of the workspace that subscribed to the
 * type (none on a plan without API access). Never throws: the action that emitted is done either way.
 */
export async function emitWebhookEvents(workspaceId: string, type: WebhookEventType, data: unknown[]): Promise<void> {
  const port = outgoingWebhooks();
  if (!port || !data.length) return;
  try {
    // The plan first: the workspace record is read once per request, so most workspaces cost no query here.
    const ws = await stores.workspaces.getWorkspace(workspaceId);
    if (!ws || !planHasFeature(ws.subscriptionPlan, 'api')) return;
    const endpoints = (await store.listWebhooks(workspaceId)).filter((w) => w.status === 'enabled' && w.events.includes(type));
    if (!endpoints.length) return;
    const createdAt = new Date().toISOString();
    const events: WebhookEventBody[] = data.map((d) => ({ id: `evt_${randomUUID()}`, type, createdAt, workspaceId, data: d }));
    await port.enqueue(endpoints.flatMap((w) => events.map((event) => ({ workspaceId, endpointId: w.id, deliveryId: randomUUID(), attempt: 1, event }))));
  } catch (err) {
    console.error(`[webhooks] could not queue ${type} for workspace ${workspaceId}:`, (err as Error).message);
  }
}

/** One attempt of one delivery: sign, POST, log; on failure retry later or disable the endpoint. */
export async function deliver(job: DeliveryJob, now = () => Date.now()): Promise<void> {
  const port = outgoingWebhooks();
  if (!port) throw new Error('No outgoing webhooks port is bound (functions/src/handlers/bind-ports.ts)');
  const endpoint = await store.getWebhook(job.workspaceId, job.endpointId);
  if (!endpoint || endpoint.status === 'disabled') return; // deleted or disabled meanwhile: nothing to send
  const secret = await vault().open(endpoint.sealedSecret);
  const body = JSON.stringify(job.event);
  const headers = {
    'Content-Type': 'application/json', 'User-Agent': 'Pagewarden-Webhooks/1.0', [WEBHOOK_SIGNATURE_HEADER]: webhookSignature(secret, body, Math.floor(now() / 1000)),
    [WEBHOOK_EVENT_ID_HEADER]: job.event.id, 'Pagewarden-Event': job.event.type, 'Pagewarden-Delivery-Attempt': String(job.attempt),
  };
  const started = now();
  let status: number | null = null;
  let error: string | null = null;
  try {
    status = (await port.post(endpoint.url, body, headers)).status;
    if (status < 200 || status > 299) error = `The receiver answered ${status}`;
  } catch (err) {
    error = `No answer from the receiver: ${(err as Error).message}`;
  }
  const at = new Date(started).toISOString();
  let nextAttemptAt: string | null = null;
  if (error === null) {
    await store.resetWebhookFailures(job.workspaceId, job.endpointId);
  } else {
    const failures = await store.countWebhookFailure(job.workspaceId, job.endpointId);
    if (failures !== null && failures >= WEBHOOK_MAX_CONSECUTIVE_FAILURES) {
      await store.disableWebhook(job.workspaceId, job.endpointId,
        `Disabled on ${at.slice(0, 10)} after ${failures} failed deliveries in a row (last: ${error}). Fix the receiver, then add the endpoint again.`);
    } else if (failures !== null && job.attempt < MAX_ATTEMPTS) {
      const delay = retryDelaySeconds(job.attempt);
      nextAttemptAt = new Date(now() + delay * 1000).toISOString();
      await port.enqueue([{ ...job, attempt: job.attempt + 1 }], delay);
    }
  }
  await store.putDelivery({
    id: job.deliveryId, endpointId: job.endpointId, eventId: job.event.id, event: job.event.type, attempt: job.attempt, at, ok: error === null,
    status, error, durationMs: now() - started, nextAttemptAt,
  }, job.workspaceId);
}
