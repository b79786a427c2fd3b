/**
 * Lambda: the jobs queue consumer (issue 13): runs each job's attempt (domain/jobs.ts) with the
 * runners registered here. A module adding a kind of job registers its runner with
 * registerJobRunner and is imported below.
 */
import { cognitoIdentity } from '../auth/cognito.js';
import { stripeBilling } from '../billing/stripe.js';
import { registerLongWork } from '../domain/job-kinds.js';
import { runJob } from '../domain/jobs.js';
import { registerBacktestJob } from '../domain/rules-jobs.js';
import { registerWeeklyReportJob } from '../domain/weekly-report-job.js';
import { mailer } from '../mail/index.js';
import { registerIncidentJobs } from '../domain/incidents.js';
// Modules that register their own kinds of job.
import '../domain/reports.js';
import { moderationDeps } from './deps.js';
import { log, recordMetric } from '../observability/index.js';
import { sqsHandler } from '../observability/middleware.js';

registerLongWork({ moderation: moderationDeps, billing: stripeBilling, identity: cognitoIdentity });
registerBacktestJob();
registerWeeklyReportJob(mailer, () => process.env.APP_URL ?? '');
registerIncidentJobs(moderationDeps);

/** One record, one attempt of one job (its duration is the JobDurationMs metric); an attempt not settled comes back. */
export const handler = sqsHandler(async (r) => {
  let jobId: string | undefined;
  try { jobId = (JSON.parse(r.body) as { jobId?: string }).jobId; } catch { /* not JSON: nothing to retry */ }
  if (!jobId) return;
  const started = Date.now();
  try {
    await runJob(jobId);
  } catch (err) {
    log.error('job attempt not settled, SQS delivers it again', err, { job: jobId });
    throw err;
  } finally {
    recordMetric('JobDurationMs', Date.now() - started);
  }
});
