/** Lambda: the provider webhooks (/webhooks/*), each route verifying its own signature over the raw body. */
import './bind-ports.js';
import { cognitoIdentity } from '../auth/cognito.js';
import { stripeBilling } from '../billing/stripe.js';
import { createApiHandler } from '../http/router.js';
import { metaWebhookRoutes } from '../routes/meta-webhook.js';
import { stripeWebhookRoutes } from '../routes/stripe-webhook.js';
import { loadSecretEnv } from '../secrets.js';

await loadSecretEnv('META_SECRET_ARN');

export const handler = createApiHandler({
  ...stripeWebhookRoutes({ billing: stripeBilling }),
  ...metaWebhookRoutes(),
}, cognitoIdentity);
