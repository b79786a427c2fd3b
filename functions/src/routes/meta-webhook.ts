/**
 * Routes: Meta webhooks. GET answers the verify handshake; POST checks X-Hub-Signature-256 over the
 * raw body (403 otherwise), parses the batch (400 if malformed) and queues the changes, so Meta gets
 * its 200 fast; the meta-events Lambda applies them.
 */
import { BadRequest, Forbidden } from '../http/errors.js';
import type { RouteImpls } from '../http/router.js';
import { metaConfig } from '../platform/graph.js';
import { parseWebhook, verifyHandshake, verifySignature, WebhookPayloadError } from '../platform/meta/webhooks.js';
import { sendAll } from '../queue/sqs.js';
import { metaDataDeletion } from '../domain/account-data.js';

export function metaWebhookRoutes(): RouteImpls {
  return {
    metaWebhookVerify: async ({ event }) => {
      const challenge = verifyHandshake((event.queryStringParameters ?? {}) as Record<string, string | undefined>, process.env.META_VERIFY_TOKEN ?? '');
      if (challenge === null) throw new Forbidden('Verification failed');
      return { text: challenge };
    },
    metaWebhook: async ({ event, rawBody }) => {
      const header = Object.entries(event.headers ?? {}).find(([k]) => k.toLowerCase() === 'x-hub-signature-256')?.[1];
      if (!verifySignature(rawBody, header, metaConfig().appSecret)) throw new Forbidden('Invalid signature');
      let parsed;
      try { parsed = parseWebhook(rawBody); } catch (err) {
        if (err instanceof WebhookPayloadError) throw new BadRequest(err.message);
        throw err;
      }
      await sendAll('META_EVENTS_QUEUE_URL', parsed.events);
      return { body: { received: parsed.events.length } };
    },
    metaDataDeletion: async ({ rawBody, event }) => {
      const host = Object.entries(event.headers ?? {}).find(([k]) => k.toLowerCase() === 'x-forwarded-host' || k.toLowerCase() === 'host')?.[1];
      return { body: await metaDataDeletion(rawBody.toString('utf8'), process.env.APP_URL ?? `https://${host}`) };
    },
  };
}
