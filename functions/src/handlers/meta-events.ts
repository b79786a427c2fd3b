/** Lambda: applies queued Meta webhook changes (and the analyser's autopilot hand-overs), a batch's records in parallel (partial batch failures; DLQ after 5 receives). */
import { applyWebhookEvent, type OwnerCache } from '../domain/webhook-events.js';
import type { WebhookCommentEvent } from '../platform/meta/webhooks.js';
import { withRequestScope } from '../domain/store-port.js';
import { moderationDeps } from './deps.js';
import { applyDecided, isAutomaticJob } from '../domain/automatic.js';
import { log } from '../observability/index.js';
import { sqsHandler } from '../observability/middleware.js';

/**
 * One batch, one scope: each workspace's record is read once for all its changes (the page owners
 * too); the records run in parallel, a failed one comes back (partial batch failure).
 */
export const handler = sqsHandler(async (r, batch) => {
  try {
    const body = JSON.parse(r.body) as unknown;
    if (isAutomaticJob(body)) await applyDecided(moderationDeps, body); // from the analyser: autopilot, cross-post memory
    else await applyWebhookEvent(moderationDeps, body as WebhookCommentEvent, ownersOf(batch));
  } catch (err) {
    log.error('meta event not applied', err, { messageId: r.messageId });
    throw err;
  }
}, withRequestScope);

function ownersOf(batch: Map<string, unknown>): OwnerCache {
  if (!batch.has('owners')) batch.set('owners', new Map());
  return batch.get('owners') as OwnerCache;
}
