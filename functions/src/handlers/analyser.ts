/**
 * Lambda: the analysis queue consumer. Takes a batch of {workspaceId, commentIds} (of any workspaces:
 * analysed in one call, so a trickle fills the provider's batches), analyses the ones still processing
 * (a duplicate delivery changes nothing), stores each decision and reports partial batch failures so
 * only failed messages come back (DLQ after 5 receives).
 */
import './bind-analyser-store.js'; // only the store areas the analyser uses
import './bind-webhooks.js'; // comment.decided
import './bind-alerts.js'; // the negative-sentiment surge alert
import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { createAnalyser, type Analyser } from '../analysis/index.js';
import type { AnalysisJob } from '../domain/ports.js';
import { analyseWorkspace, analyseWorkspaces } from '../domain/analysis.js';
import { withRequestScope } from '../domain/store-port.js';
import { wsNotifier } from '../realtime/notifier.js';
import { withLiveAnalytics } from '../domain/live-analytics.js';
import { sqsAutomaticQueue } from '../queue/sqs.js';
import { unpackAnalysisMessage } from '../queue/analysis-messages.js';
import { loadSecretEnv } from '../secrets.js';
import { addLogKeys, log, withCorrelation } from '../observability/index.js';
import { observed, recordCorrelationId, requestIdOf } from '../observability/middleware.js';

await loadSecretEnv('OPENAI_SECRET_ARN');

// Created, and its model loaded, during init (the cold start) rather than in the first batch's time.
const analyser: Analyser = createAnalyser();
await analyser.warm?.();

type Entry = { messageId: string; job: AnalysisJob; correlationId: string };
const notifier = withLiveAnalytics(wsNotifier); // the dashboard refreshes live only on plans with real-time analytics
const deps = () => ({ analyser, notifier, automatic: sqsAutomaticQueue });

/**
 * The batch's comments are analysed together (in one scope: the correlation id its records share, or
 * the invocation's, with every record's id as `correlation_ids`); then each record goes through
 * Powertools batch processing, failing (partial batch failure) when its comment could not be analysed.
 */
export const handler = observed<SQSEvent, SQSBatchResponse>(async (event) => {
  const failed = new Set(await analyseBatch(event.Records));
  return processPartialResponse(event, async (r: SQSRecord) => {
    if (failed.has(r.messageId)) throw new Error(`message ${r.messageId}: its comment was not analysed; SQS delivers it again`);
  }, new BatchProcessor(EventType.SQS), { throwOnFullBatchFailure: false });
}, (event, context) => {
  const ids = new Set(event.Records.map(recordCorrelationId));
  return ids.size === 1 ? [...ids][0]! : requestIdOf(context);
});

/** The message ids whose comments could not be analysed. */
async function analyseBatch(records: SQSRecord[]): Promise<string[]> {
  const failures: string[] = [];
  const byWorkspace = new Map<string, Entry[]>();
  for (const r of records) {
    // A malformed message has no jobs: dropped, retrying cannot help.
    for (const job of unpackAnalysisMessage(r.body)) {
      const group = byWorkspace.get(job.workspaceId) ?? [];
      group.push({ messageId: r.messageId, job, correlationId: recordCorrelationId(r) });
      byWorkspace.set(job.workspaceId, group);
    }
  }
  const entries = [...byWorkspace.values()].flat();
  addLogKeys({ correlation_ids: [...new Set(entries.map((e) => e.correlationId))], comments: entries.map((e) => e.job.commentId) });
  try {
    // Every workspace's comments in one analysis call: a trickle fills the provider's batches.
    await analyseWorkspaces(deps(), [...byWorkspace].map(([workspaceId, group]) => ({ workspaceId, commentIds: group.map((e) => e.job.commentId) })));
  } catch (err) {
    log.warn('analysis batch failed, retrying each workspace on its own', err);
    for (const [workspaceId, group] of byWorkspace) failures.push(...(await withRequestScope(() => analyseOrIsolate(workspaceId, group))));
  }
  // One line per comment, in its message's correlation scope: the id the webhook delivery or request carried.
  const failed = new Set(failures);
  for (const e of entries) {
    withCorrelation(e.correlationId, () => log.info(failed.has(e.messageId) ? 'analysis failed, message returned to the queue' : 'analysis done', { workspace: e.job.workspaceId, comment: e.job.commentId }));
  }
  return failures;
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
      log.error('analysis failed for comment', err, { workspace: workspaceId, comment: entries[0]!.job.commentId });
      return entries.map((e) => e.messageId);
    }
    log.warn('analysis failed for workspace, retrying each comment on its own', err, { workspace: workspaceId });
    const failed: string[] = [];
    for (const group of byComment.values()) failed.push(...(await analyseOrIsolate(workspaceId, group)));
    return failed;
  }
}
