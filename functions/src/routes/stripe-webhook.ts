/** Route: POST /webhooks/stripe. The signature is checked over the raw body before anything is read or changed. */
import type { BillingPort } from '../billing/port.js';
import { InvalidWebhookSignature } from '../billing/port.js';
import type { RouteImpls } from '../http/router.js';
import { BadRequest } from '../http/errors.js';
import { handleEvent } from '../domain/billing-events.js';

export interface StripeWebhookDeps {
  billing: () => Promise<BillingPort | null>;
}

function header(headers: Record<string, string | undefined> | null, name: string): string | undefined {
  const found = Object.keys(headers ?? {}).find((k) => k.toLowerCase() === name);
  return found ? headers![found] : undefined;
}

export function stripeWebhookRoutes(deps: StripeWebhookDeps): RouteImpls {
  return {
    stripeWebhook: async ({ rawBody, event: http }) => {
      const port = await deps.billing();
      if (!port) throw new BadRequest('Payments are not configured');
      let event;
      try {
        event = port.verifyWebhook(rawBody, header(http.headers, 'stripe-signature'));
      } catch (err) {
        if (err instanceof InvalidWebhookSignature) throw new BadRequest('Invalid signature');
        throw err;
      }
      const outcome = await handleEvent(port, event);
      return { body: { received: true, outcome } };
    },
  };
}
