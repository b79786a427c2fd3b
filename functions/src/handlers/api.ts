/** Lambda: every /api/* route. Thin: the shared router validates, the route modules call the domain. */
import { cognitoIdentity } from '../auth/cognito.js';
import type { ModerationDeps } from '../domain/moderation.js';
import { createApiHandler } from '../http/router.js';
import { metaPlatformActions } from '../platform/actions.js';
import { sqsAnalysisQueue } from '../queue/sqs.js';
import { wsNotifier } from '../realtime/notifier.js';
import { authRoutes } from '../routes/auth.js';
import { stripeBilling } from '../billing/stripe.js';
import { billingRoutes } from '../routes/billing.js';
import { commentRoutes } from '../routes/comments.js';

const moderation: ModerationDeps = { queue: sqsAnalysisQueue, platform: metaPlatformActions, notifier: wsNotifier };

export const handler = createApiHandler({
  ...authRoutes(cognitoIdentity),
  ...billingRoutes({ billing: stripeBilling }),
  ...commentRoutes(moderation),
}, cognitoIdentity);
