/**
 * Lambda: the jobs queue consumer (issue 13): runs each job's attempt (domain/jobs.ts) with the
 * runners registered here. A module adding a kind of job registers its runner with
 * registerJobRunner and is imported below.
 */
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
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

registerLongWork({ moderation: moderationDeps, billing: stripeBilling, identity: cognitoIdentity });
registerBacktestJob();
registerWeeklyReportJob(mailer, () => process.env.APP_URL ?? '');
registerIncidentJobs(moderationDeps);

export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  const failures: string[] = [];
  await Promise.all(event.Records.map(async (r) => {
    let jobId: string | undefined;
    try { jobId = (JSON.parse(r.body) as { jobId?: string }).jobId; } catch { /* not JSON: nothing to retry */ }
    if (!jobId) return;
    try {
      await runJob(jobId);
    } catch (err) {
      console.error('[jobs] attempt not settled, SQS delivers it again', jobId, err);
      failures.push(r.messageId);
    }
  }));
  return { batchItemFailures: failures.map((itemIdentifier) => ({ itemIdentifier })) };
}
