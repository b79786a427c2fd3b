/** The composition root: the production adapters behind the domain's ports, wired once per process. */
import './bind-ports.js';
import type { ModerationDeps } from '../domain/moderation.js';
import { metaPlatformActions } from '../platform/actions.js';
import { sqsAnalysisQueue } from '../queue/sqs.js';
import { wsNotifier } from '../realtime/notifier.js';
import { loadSecretEnv } from '../secrets.js';

await loadSecretEnv('META_SECRET_ARN');

export const moderationDeps: ModerationDeps = { queue: sqsAnalysisQueue, platform: metaPlatformActions, notifier: wsNotifier };
