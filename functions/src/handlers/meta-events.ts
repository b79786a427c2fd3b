/** Lambda: applies queued Meta webhook changes (and the analyser's autopilot hand-overs), a batch's records in parallel (partial batch failures; DLQ after 5 receives). */
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { applyWebhookEvent, type OwnerCache } from '../domain/webhook-events.js';
import type { WebhookCommentEvent } from '../platform/meta/webhooks.js';
import { withRequestScope } from '../domain/store-port.js';
import { moderationDeps } from './deps.js';
import { applyDecided, isAutomaticJob } from '../domain/automatic.js';

/** One batch, one scope: each workspace's record is read once for all its changes. */
export function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  return withRequestScope(() => applyBatch(event));
}

async function applyBatch(event: SQSEvent): Promise<SQSBatchResponse> {
  const owners: OwnerCache = new Map();
  const results = await Promise.all(event.Records.map(async (r) => {
    try {
      const body = JSON.parse(r.body) as unknown;
      if (isAutomaticJob(body)) await applyDecided(moderationDeps, body); // from the analyser: autopilot, cross-post memory
      else await applyWebhookEvent(moderationDeps, body as WebhookCommentEvent, owners);
      return null;
    } catch (err) {
      console.error('[meta-events] failed', r.messageId, err);
      return r.messageId;
    }
  }));
  return { batchItemFailures: results.filter((id): id is string => id !== null).map((itemIdentifier) => ({ itemIdentifier })) };
}
