/** Lambda: every /api/* route. Thin: the shared router validates, the route modules call the domain. */
import { cognitoIdentity } from '../auth/cognito.js';
import { createApiHandler } from '../http/router.js';
import { authRoutes } from '../routes/auth.js';

export const handler = createApiHandler({
  ...authRoutes(cognitoIdentity),
}, cognitoIdentity);
