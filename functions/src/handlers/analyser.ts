/**
 * Lambda: the analysis queue consumer. Takes a batch of {workspaceId, commentId} (of any workspaces:
 * analysed in one call, so a trickle fills the provider's batches), analyses the ones still processing
 * (a duplicate delivery changes nothing), stores each decision and reports partial batch failures so
 * only failed messages come back (DLQ after 5 receives).
 */
import './bind-analyser-store.js'; // only the store areas the analyser uses
import './bind-webhooks.js'; // comment.decided
import './bind-alerts.js'; // the negative-sentiment surge alert
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { createAnalyser, type Analyser } from '../analysis/index.js';
import type { AnalysisJob } from '../domain/ports.js';
import { analyseWorkspace, analyseWorkspaces } from '../domain/analysis.js';
import { withRequestScope } from '../domain/store-port.js';
import { wsNotifier } from '../realtime/notifier.js';
import { withLiveAnalytics } from '../domain/live-analytics.js';
import { sqsAutomaticQueue } from '../queue/sqs.js';
import { loadSecretEnv } from '../secrets.js';

await loadSecretEnv('OPENAI_SECRET_ARN');

let analyser: Analyser | undefined;

type Entry = { messageId: string; job: AnalysisJob };
const notifier = withLiveAnalytics(wsNotifier); // the dashboard refreshes live only on plans with real-time analytics
const deps = () => ({ analyser: analyser!, notifier, automatic: sqsAutomaticQueue });

export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  analyser ??= createAnalyser();
  const failures: string[] = [];
  const byWorkspace = new Map<string, Entry[]>();
  for (const r of event.Records) {
    try {
      const job = JSON.parse(r.body) as AnalysisJob;
      if (!job.workspaceId || !job.commentId) continue; // malformed message: nothing to retry
      byWorkspace.set(job.workspaceId, [...(byWorkspace.get(job.workspaceId) ?? []), { messageId: r.messageId, job }]);
    } catch { /* not JSON: drop, retrying cannot help */ }
  }
  try {
    // Every workspace's comments in one analysis call: a trickle fills the provider's batches.
    await analyseWorkspaces(deps(), [...byWorkspace].map(([workspaceId, entries]) => ({ workspaceId, commentIds: entries.map((e) => e.job.commentId) })));
  } catch (err) {
    console.warn('[analyser] batch failed, retrying each workspace on its own', err);
    for (const [workspaceId, entries] of byWorkspace) failures.push(...(await withRequestScope(() => analyseOrIsolate(workspaceId, entries))));
  }
  return { batchItemFailures: failures.map((itemIdentifier) => ({ itemIdentifier })) };
}

/**
 * Analyses a workspace's jobs together; when that fails, each comment again on its own, so only the
 * messages of the comments that still fail come back (and one bad comment never sends the batch to the DLQ).
 */
async function analyseOrIsolate(workspaceId: string, entries: Entry[]): Promise<string[]> {
  try {
    await analyseWorkspace(deps(), workspaceId, entries.map((e) => e.job.commentId));
    return [];
  } catch (err) {
    const byComment = new Map<string, Entry[]>();
    for (const e of entries) byComment.set(e.job.commentId, [...(byComment.get(e.job.commentId) ?? []), e]);
    if (byComment.size === 1) {
      console.error('[analyser] failed for comment', workspaceId, entries[0]!.job.commentId, err);
      return entries.map((e) => e.messageId);
    }
    console.warn('[analyser] batch failed for workspace, retrying each comment on its own', workspaceId, err);
    const failed: string[] = [];
    for (const group of byComment.values()) failed.push(...(await analyseOrIsolate(workspaceId, group)));
    return failed;
  }
}
