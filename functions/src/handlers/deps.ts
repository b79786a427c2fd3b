/** The composition root: the production adapters behind the domain's ports, wired once per process. */
import './bind-ports.js';
import type { ModerationDeps } from '../domain/moderation.js';
import { bindJobs } from '../domain/jobs.js';
import { withLiveAnalytics } from '../domain/live-analytics.js';
import { metaPlatformActions } from '../platform/actions.js';
import { sqsAnalysisQueue, sqsJobQueue } from '../queue/sqs.js';
import { wsNotifier } from '../realtime/notifier.js';
import { loadSecretEnv } from '../secrets.js';
import { s3Files } from '../storage/s3.js';

await loadSecretEnv('META_SECRET_ARN');

// Comment messages tell the dashboard to refresh only on plans with real-time analytics (domain/live-analytics.ts).
export const moderationDeps: ModerationDeps = { queue: sqsAnalysisQueue, platform: metaPlatformActions, notifier: withLiveAnalytics(wsNotifier) };

// Long work runs as jobs (domain/jobs.ts): queued on the jobs queue, progress pushed over the socket, files in S3.
bindJobs({ queue: sqsJobQueue, notifier: wsNotifier, files: s3Files });
