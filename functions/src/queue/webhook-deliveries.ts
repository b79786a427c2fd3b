/**
 * The outgoing webhooks adapter (domain/webhook-port.ts): deliveries go through the webhook-deliveries
 * queue (SQS; a retry is sent again with DelaySeconds), and a delivery is one HTTP POST with a timeout.
 */
import { lookup } from 'node:dns/promises';
import type { OutgoingWebhooksPort } from '../domain/webhook-port.js';
import { isPrivateAddress, privateUrlsAllowed, webhookUrlProblem } from '../domain/webhook-url.js';
import { sendAll } from './sqs.js';

/** A receiver has this long to answer (the consumer delivers a batch in parallel within its timeout). */
export const RECEIVER_TIMEOUT_MS = 10_000;

export const sqsOutgoingWebhooks: OutgoingWebhooksPort = {
  enqueue: (jobs, delaySeconds) => sendAll('WEBHOOK_DELIVERIES_QUEUE_URL', jobs, { delaySeconds }),
  async post(url, body, headers) {
    // Checked again at each delivery: the name may resolve to a private address now.
    const problem = webhookUrlProblem(url);
    if (problem) throw new Error(`the endpoint URL ${problem}`);
    if (!privateUrlsAllowed()) {
      const addresses = await lookup(new URL(url).hostname, { all: true });
      if (addresses.some((a) => isPrivateAddress(a.address))) throw new Error('the endpoint resolves to a private address');
    }
    const res = await fetch(url, { method: 'POST', body, headers, redirect: 'manual', signal: AbortSignal.timeout(RECEIVER_TIMEOUT_MS) });
    await res.arrayBuffer().catch(() => undefined); // drain; the answer's body is not kept
    return { status: res.status };
  },
};
