/** Queue adapters over SQS (the local stack serves the same API): the analysis queue and the Meta webhook-events queue. */
import { SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import { config } from '../config.js';
import { currentCorrelationId, traced } from '../observability/index.js';
import type { AnalysisJob, AnalysisQueuePort } from '../domain/ports.js';
import type { AutomaticQueuePort } from '../domain/autopilot-handover.js';
import { packAnalysisJobs } from './analysis-messages.js';

let client: SQSClient | undefined;
function sqs(): SQSClient {
  const endpoint = config.opt('SQS_ENDPOINT');
  client ??= traced(new SQSClient({ region: config.region, ...(endpoint ? { endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}) }));
  return client;
}

/**
 * Sends JSON messages in batches of 10; throws if any could not be queued (the caller keeps its state
 * recoverable). Each carries the sender's correlation id as the `correlationId` message attribute.
 */
export async function sendAll(queueUrlVar: string, bodies: unknown[], opts: { delaySeconds?: number } = {}): Promise<void> {
  const QueueUrl = config.req(queueUrlVar);
  const correlationId = currentCorrelationId();
  const attributes = correlationId ? { MessageAttributes: { correlationId: { DataType: 'String', StringValue: correlationId } } } : {};
  const chunks: unknown[][] = [];
  for (let i = 0; i < bodies.length; i += 10) chunks.push(bodies.slice(i, i + 10));
  // Up to 8 batches in flight: Process All of thousands of comments answers in seconds.
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(8, chunks.length) }, async () => {
    while (next < chunks.length) {
      const chunk = chunks[next++]!;
      const res = await sqs().send(new SendMessageBatchCommand({ QueueUrl, Entries: chunk.map((b, n) => ({ Id: String(n), MessageBody: JSON.stringify(b), ...attributes, ...(opts.delaySeconds ? { DelaySeconds: opts.delaySeconds } : {}) })) }));
      if (res.Failed?.length) throw new Error(`Could not queue ${res.Failed.length} message(s): ${res.Failed[0]?.Message ?? 'unknown error'}`);
    }
  }));
}

export const sqsAnalysisQueue: AnalysisQueuePort = {
  enqueue: (jobs: AnalysisJob[]) => sendAll('ANALYSIS_QUEUE_URL', packAnalysisJobs(jobs, Number(config.opt('ANALYSIS_IDS_PER_MESSAGE') ?? 1))),
};

/** The analyser hands comments autopilot may act on to the Meta events consumer (it has the Meta client). */
export const sqsAutomaticQueue: AutomaticQueuePort = {
  enqueue: (job) => sendAll('META_EVENTS_QUEUE_URL', [job]),
};

/** The jobs queue (domain/jobs.ts): one message `{jobId}` per job; a retry is sent again with a delay. */
export const sqsJobQueue = {
  send: (jobIds: string[], delaySeconds?: number) => sendAll('JOBS_QUEUE_URL', jobIds.map((jobId) => ({ jobId })), { delaySeconds }),
};
