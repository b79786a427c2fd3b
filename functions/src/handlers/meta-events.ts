/** Lambda: applies queued Meta webhook changes (partial batch failures; DLQ after 5 receives). */
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { applyWebhookEvent } from '../domain/webhook-events.js';
import type { WebhookCommentEvent } from '../platform/meta/webhooks.js';
import { moderationDeps } from './deps.js';

export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  const failures: string[] = [];
  for (const r of event.Records) {
    try {
      await applyWebhookEvent(moderationDeps, JSON.parse(r.body) as WebhookCommentEvent);
    } catch (err) {
      console.error('[meta-events] failed', r.messageId, err);
      failures.push(r.messageId);
    }
  }
  return { batchItemFailures: failures.map((itemIdentifier) => ({ itemIdentifier })) };
}
