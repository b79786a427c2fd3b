/** Analysis queue adapter over SQS (the local stack serves the same API). Batches of 10 per call. */
import { SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import { config } from '../config.js';
import type { AnalysisJob, AnalysisQueuePort } from '../domain/ports.js';

let client: SQSClient | undefined;
function sqs(): SQSClient {
  const endpoint = config.opt('SQS_ENDPOINT');
  client ??= new SQSClient({ region: config.region, ...(endpoint ? { endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}) });
  return client;
}

export const sqsAnalysisQueue: AnalysisQueuePort = {
  async enqueue(jobs: AnalysisJob[]) {
    const QueueUrl = config.req('ANALYSIS_QUEUE_URL');
    for (let i = 0; i < jobs.length; i += 10) {
      const chunk = jobs.slice(i, i + 10);
      const res = await sqs().send(new SendMessageBatchCommand({ QueueUrl, Entries: chunk.map((j, n) => ({ Id: String(n), MessageBody: JSON.stringify(j) })) }));
      if (res.Failed?.length) throw new Error(`Could not queue ${res.Failed.length} comment(s) for analysis: ${res.Failed[0]?.Message ?? 'unknown error'}`);
    }
  },
};
