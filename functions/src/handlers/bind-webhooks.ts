/** Binds the outgoing webhooks adapter (SQS + HTTP) for every function that emits events or delivers them. */
import { bindOutgoingWebhooks } from '../domain/webhook-port.js';
import { sqsOutgoingWebhooks } from '../queue/webhook-deliveries.js';

bindOutgoingWebhooks(sqsOutgoingWebhooks);
