/**
 * Lambda: the webhook-deliveries queue consumer (issue 11, item 9). Each message is one attempt of one
 * delivery; a batch is delivered in parallel (each POST has a 10 s timeout). A failed attempt is
 * logged and sent again with a delay by the domain, so the message itself succeeds; only a failure to
 * log or re-queue comes back (partial batch failure).
 */
import './bind-ports.js';
import './bind-webhooks.js';
import { deliver } from '../domain/outgoing-webhooks.js';
import type { DeliveryJob } from '../domain/public-api-model.js';
import { withRequestScope } from '../domain/store-port.js';
import { log } from '../observability/index.js';
import { sqsHandler } from '../observability/middleware.js';

export const handler = sqsHandler(async (r) => {
  let job: DeliveryJob;
  try { job = JSON.parse(r.body) as DeliveryJob; } catch { return; } // not JSON: retrying cannot help
  if (!job?.workspaceId || !job.endpointId || !job.event) return;
  try {
    await deliver(job);
  } catch (err) {
    log.error('webhook delivery not logged or re-queued', err, { workspace: job.workspaceId, messageId: r.messageId });
    throw err;
  }
}, withRequestScope);
