/**
 * Lambda: the webhook-deliveries queue consumer (issue 11, item 9). Each message is one attempt of one
 * delivery; a batch is delivered in parallel (each POST has a 10 s timeout). A failed attempt is
 * logged and sent again with a delay by the domain, so the message itself succeeds; only a failure to
 * log or re-queue comes back (partial batch failure).
 */
import './bind-ports.js';
import './bind-webhooks.js';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { deliver } from '../domain/outgoing-webhooks.js';
import type { DeliveryJob } from '../domain/public-api-model.js';
import { withRequestScope } from '../domain/store-port.js';

export function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  return withRequestScope(async () => {
    const results = await Promise.all(event.Records.map(async (r) => {
      let job: DeliveryJob;
      try { job = JSON.parse(r.body) as DeliveryJob; } catch { return null; } // not JSON: retrying cannot help
      if (!job?.workspaceId || !job.endpointId || !job.event) return null;
      try {
        await deliver(job);
        return null;
      } catch (err) {
        console.error('[webhook-deliveries] failed', r.messageId, err);
        return r.messageId;
      }
    }));
    return { batchItemFailures: results.filter((id): id is string => id !== null).map((itemIdentifier) => ({ itemIdentifier })) };
  });
}
