/** Lambda: every /api/* route. Thin: the shared router validates, the route modules call the domain. */
import { cognitoIdentity } from '../auth/cognito.js';
import { stripeBilling } from '../billing/stripe.js';
import { auditChange } from '../domain/audit.js';
import { createApiHandler } from '../http/router.js';
import { mailer } from '../mail/index.js';
import { accountRoutes } from '../routes/accounts.js';
import { authRoutes } from '../routes/auth.js';
import { billingRoutes } from '../routes/billing.js';
import { brandRoutes } from '../routes/brands.js';
import { commentRoutes } from '../routes/comments.js';
import { dataDeletionRoutes } from '../routes/data-deletion.js';
import { autopilotRoutes } from '../routes/autopilot.js';
import { scheduleRoutes } from '../routes/schedules.js';
import { bindScheduler } from '../domain/scheduler-port.js';
import { eventBridgeScheduler } from '../scheduler/eventbridge.js';
import { jobRoutes } from '../routes/jobs.js';
import { passwordRoutes } from '../routes/password.js';
import { ruleRoutes } from '../routes/rules.js';
import { incidentRoutes } from '../routes/incidents.js';
import { reportRoutes } from '../routes/reports.js';
import { alertRoutes } from '../routes/alerts.js';
import { publicApiRoutes } from '../routes/public-api.js';
import { bindApiKeyGateway } from '../domain/api-key-port.js';
import { usagePlanGateway } from '../platform/usage-plan.js';
import { workspaceRoutes } from '../routes/workspaces.js';
import { dynamoCodes } from '../store/codes.js';
import { moderationDeps } from './deps.js';

// API keys are also registered in the API Gateway usage plan for keys (AWS only).
bindApiKeyGateway(usagePlanGateway);
// Brand schedules live in EventBridge Scheduler (locally: the local scheduler, through the same API).
bindScheduler(eventBridgeScheduler());

/** Mailed one-time codes (email verification, password reset). */
const codes = { mail: mailer, codes: dynamoCodes };

export const handler = createApiHandler({
  ...authRoutes(cognitoIdentity, codes, stripeBilling),
  ...passwordRoutes({ identity: cognitoIdentity, ...codes }),
  ...billingRoutes({ billing: stripeBilling }),
  ...commentRoutes(moderationDeps),
  ...accountRoutes(moderationDeps),
  ...brandRoutes(),
  ...dataDeletionRoutes(),
  ...autopilotRoutes(),
  ...scheduleRoutes(),
  ...ruleRoutes(moderationDeps),
  ...incidentRoutes(moderationDeps),
  ...publicApiRoutes(),
  ...jobRoutes(),
  ...reportRoutes(),
  ...alertRoutes(),
  ...workspaceRoutes({ mail: mailer, notifier: moderationDeps.notifier, billing: stripeBilling }),
}, cognitoIdentity, { onChange: auditChange });
