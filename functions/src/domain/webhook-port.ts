/**
 * The outgoing webhooks port (issue 11, item 9): a delivery queue with delays (SQS in AWS, the local
 * queue here) and the HTTP call to a receiver. The adapter (functions/src/queue/webhook-deliveries.ts)
 * is bound by the composition root of every function that emits events; a process that binds none
 * (a unit test of another part of the domain) emits nothing.
 */
import type { DeliveryJob } from './public-api-model.js';

export interface ReceiverAnswer { status: number }

export interface OutgoingWebhooksPort {
  /** Queues delivery attempts, visible after `delaySeconds` (at most 900, SQS's limit). */
  enqueue(jobs: DeliveryJob[], delaySeconds?: number): Promise<void>;
  /** POSTs a delivery; throws when the receiver does not answer (network error, timeout). */
  post(url: string, body: string, headers: Record<string, string>): Promise<ReceiverAnswer>;
}

let bound: OutgoingWebhooksPort | null = null;

export function bindOutgoingWebhooks(port: OutgoingWebhooksPort): void {
  bound = port;
}

export const outgoingWebhooks = (): OutgoingWebhooksPort | null => bound;
