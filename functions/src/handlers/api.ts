/** Lambda: every /api/* route. Thin: the shared router validates, the route modules call the domain. */
import { cognitoIdentity } from '../auth/cognito.js';
import { createApiHandler } from '../http/router.js';
import { authRoutes } from '../routes/auth.js';
import { stripeBilling } from '../billing/stripe.js';
import { billingRoutes } from '../routes/billing.js';

export const handler = createApiHandler({
  ...authRoutes(cognitoIdentity),
  ...billingRoutes({ billing: stripeBilling }),
}, cognitoIdentity);
