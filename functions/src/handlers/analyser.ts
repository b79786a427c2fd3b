/**
 * Lambda: the analysis queue consumer. Takes a batch of {userId, commentId}, analyses the ones still
 * processing (a duplicate delivery changes nothing), stores each decision and reports partial batch
 * failures so only failed messages come back (DLQ after 5 receives).
 */
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { AnalysisError, createAnalyser, type Analyser } from '../analysis/index.js';
import type { AnalysisJob } from '../domain/ports.js';
import { recordDecision } from '../domain/moderation.js';
import { wsNotifier } from '../realtime/notifier.js';
import { getComment } from '../store/comments.js';
import { loadSecretEnv } from '../secrets.js';

await loadSecretEnv('OPENAI_SECRET_ARN');

let analyser: Analyser | undefined;

export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  analyser ??= createAnalyser();
  const failures: string[] = [];
  const byUser = new Map<string, { messageId: string; job: AnalysisJob }[]>();
  for (const r of event.Records) {
    try {
      const job = JSON.parse(r.body) as AnalysisJob;
      if (!job.userId || !job.commentId) continue; // malformed message: nothing to retry
      byUser.set(job.userId, [...(byUser.get(job.userId) ?? []), { messageId: r.messageId, job }]);
    } catch { /* not JSON: drop, retrying cannot help */ }
  }
  for (const [userId, entries] of byUser) {
    try {
      const loaded = await Promise.all(entries.map(async (e) => ({ ...e, stored: await getComment(userId, e.job.commentId) })));
      const todo = loaded.filter((e) => e.stored?.comment.status === 'processing');
      if (!todo.length) continue;
      const inputs = todo.map((e) => ({ id: e.stored!.comment.id, content: e.stored!.comment.content, authorName: e.stored!.comment.authorName, platform: e.stored!.comment.platform }));
      let results: ({ decision: import('@cg/shared').AiDecision } | { error: string })[];
      try {
        const decisions = await analyser.analyse(inputs, { businessName: process.env.BRAND_NAME ?? 'our team' });
        results = decisions.map((decision) => ({ decision }));
      } catch (err) {
        if (!(err instanceof AnalysisError)) throw err;
        results = todo.map(() => ({ error: `Analysis failed: ${err.message}` }));
      }
      await Promise.all(todo.map((e, i) => recordDecision({ notifier: wsNotifier }, userId, e.job.commentId, results[i]!)));
    } catch (err) {
      console.error('[analyser] batch failed for user', userId, err);
      failures.push(...entries.map((e) => e.messageId));
    }
  }
  return { batchItemFailures: failures.map((itemIdentifier) => ({ itemIdentifier })) };
}
