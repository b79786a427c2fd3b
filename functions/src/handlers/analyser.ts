/**
 * Lambda: the analysis queue consumer. Takes a batch of {workspaceId, commentId}, analyses the ones still
 * processing (a duplicate delivery changes nothing), stores each decision and reports partial batch
 * failures so only failed messages come back (DLQ after 5 receives).
 */
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { AnalysisError, createAnalyser, type Analyser } from '../analysis/index.js';
import type { AnalysisJob } from '../domain/ports.js';
import { recordDecisions, type AnalysisOutcome } from '../domain/moderation.js';
import { wsNotifier } from '../realtime/notifier.js';
import { getComments, type StoredComment } from '../store/comments.js';
import { listAccounts } from '../store/accounts.js';
import { loadSecretEnv } from '../secrets.js';

await loadSecretEnv('OPENAI_SECRET_ARN');

let analyser: Analyser | undefined;
const DEFAULT_BRAND = 'our team';

/** Account id → the name of its brand (the Facebook page that the account belongs to). */
async function brandNames(workspaceId: string): Promise<Map<string, string>> {
  const accounts = await listAccounts(workspaceId);
  const pageName = new Map(accounts.filter((a) => a.platform === 'facebook').map((a) => [a.externalId, a.accountName]));
  return new Map(accounts.map((a) => [a.id, pageName.get(a.brandId) ?? a.accountName]));
}

type Entry = { messageId: string; job: AnalysisJob };

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
  for (const [workspaceId, entries] of byWorkspace) failures.push(...(await analyseOrIsolate(workspaceId, entries)));
  return { batchItemFailures: failures.map((itemIdentifier) => ({ itemIdentifier })) };
}

/**
 * Analyses a workspace's jobs together; when that fails, each comment again on its own, so only the
 * messages of the comments that still fail come back (and one bad comment never sends the batch to the DLQ).
 */
async function analyseOrIsolate(workspaceId: string, entries: Entry[]): Promise<string[]> {
  try {
    await analyseWorkspace(workspaceId, entries.map((e) => e.job.commentId));
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

async function analyseWorkspace(workspaceId: string, commentIds: string[]): Promise<void> {
  // Unreadable comments are skipped (and logged) by the store.
  const stored = await getComments(workspaceId, [...new Set(commentIds)]);
  const todo = stored.filter((s) => s.comment.status === 'processing');
  if (!todo.length) return;
  // Replies speak for the brand the comment belongs to (its Facebook page's name).
  const names = await brandNames(workspaceId);
  const byBrand = new Map<string, StoredComment[]>();
  for (const s of todo) {
    const brand = names.get(s.comment.accountId ?? '') ?? DEFAULT_BRAND;
    byBrand.set(brand, [...(byBrand.get(brand) ?? []), s]);
  }
  const results: { stored: StoredComment; outcome: AnalysisOutcome }[] = [];
  for (const [businessName, group] of byBrand) {
    const inputs = group.map((s) => ({ id: s.comment.id, content: s.comment.content, authorName: s.comment.authorName, platform: s.comment.platform }));
    try {
      const decisions = await analyser!.analyse(inputs, { businessName });
      group.forEach((stored, i) => results.push({ stored, outcome: { decision: decisions[i]! } }));
    } catch (err) {
      if (!(err instanceof AnalysisError)) throw err;
      for (const stored of group) results.push({ stored, outcome: { error: `Analysis failed: ${err.message}` } });
    }
  }
  await recordDecisions({ notifier: wsNotifier }, workspaceId, results);
}
