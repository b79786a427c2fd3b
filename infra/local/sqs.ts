/**
 * A local SQS endpoint (the AWS JSON protocol subset the app uses) with Lambda event-source-mapping
 * semantics: batches (the mapping's batch size and batching window), visibility timeout, partial batch
 * failures, and a DLQ after `maxReceiveCount` receives (design D10).
 */
import { createHash, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';

interface Message { id: string; body: string; receiveCount: number; visibleAt: number; sentAt: number; attributes: SQSRecord['messageAttributes'] }
/** SendMessage's MessageAttributes (String and Number types), as the event record carries them. */
type SentAttributes = Record<string, { DataType: string; StringValue?: string }> | undefined;
type Consumer = (event: SQSEvent) => Promise<SQSBatchResponse | void>;

export interface QueueOptions {
  batchSize: number;
  visibilityTimeoutMs: number;
  maxReceiveCount: number;
  concurrency: number;
  /**
   * The event source's MaximumBatchingWindowInSeconds (in ms): with fewer than batchSize messages
   * waiting, the consumer is invoked only once the oldest has waited this long, as Lambda's poller
   * gathers records; 0 (default) invokes at once.
   */
  maxBatchingWindowMs?: number;
}

export class LocalQueue {
  readonly messages: Message[] = [];
  readonly dlq: Message[] = [];
  private running = 0;
  private timer: NodeJS.Timeout | null = null;
  private idleWaiters: (() => void)[] = [];
  constructor(readonly name: string, private consumer: Consumer | null, readonly opts: QueueOptions = { batchSize: 10, visibilityTimeoutMs: 30_000, maxReceiveCount: 5, concurrency: 4 }) {}

  send(body: string, delaySeconds = 0, attributes?: SentAttributes): string {
    const messageAttributes = Object.fromEntries(Object.entries(attributes ?? {}).map(([k, a]) => [k, { dataType: a.DataType, stringValue: a.StringValue, stringListValues: [], binaryListValues: [] }]));
    const m: Message = { id: randomUUID(), body, receiveCount: 0, visibleAt: delaySeconds ? Date.now() + delaySeconds * 1000 : 0, sentAt: Date.now(), attributes: messageAttributes };
    this.messages.push(m);
    queueMicrotask(() => this.pump());
    return m.id;
  }

  /** Resolves when no message is waiting or in flight (for tests and benchmarks). */
  idle(): Promise<void> {
    if (!this.messages.length && !this.running) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private pump(): void {
    if (!this.consumer) return;
    while (this.running < this.opts.concurrency) {
      const now = Date.now();
      const visible = this.messages.filter((m) => m.visibleAt <= now);
      if (!visible.length) break;
      const due = this.windowEnd(visible);
      if (visible.length < this.opts.batchSize && due > now) break; // gathering: schedule() wakes at `due`
      const batch = visible.slice(0, this.opts.batchSize);
      for (const m of batch) { m.visibleAt = now + this.opts.visibilityTimeoutMs; m.receiveCount++; }
      this.running++;
      void this.deliver(batch).finally(() => { this.running--; this.pump(); });
    }
    this.schedule();
    if (!this.messages.length && !this.running) for (const w of this.idleWaiters.splice(0)) w();
  }

  /** When the batching window of the waiting messages ends: the oldest became available that long ago. */
  private windowEnd(visible: Message[]): number {
    const window = this.opts.maxBatchingWindowMs ?? 0;
    return window > 0 ? Math.min(...visible.map((m) => Math.max(m.sentAt, m.visibleAt))) + window : 0;
  }

  private schedule(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const now = Date.now();
    const visible = this.messages.filter((m) => m.visibleAt <= now);
    // The next message to become visible, and the end of the current batching window.
    const next = Math.min(...this.messages.map((m) => m.visibleAt).filter((t) => t > now), ...(visible.length ? [this.windowEnd(visible)] : []).filter((t) => t > now));
    if (Number.isFinite(next)) this.timer = setTimeout(() => this.pump(), next - now).unref();
  }

  private async deliver(batch: Message[]): Promise<void> {
    const event: SQSEvent = {
      Records: batch.map((m) => ({
        messageId: m.id, receiptHandle: m.id, body: m.body, md5OfBody: createHash('md5').update(m.body).digest('hex'),
        attributes: { ApproximateReceiveCount: String(m.receiveCount), SentTimestamp: String(m.sentAt), SenderId: 'local', ApproximateFirstReceiveTimestamp: String(Date.now()) },
        messageAttributes: m.attributes, eventSource: 'aws:sqs', eventSourceARN: `arn:aws:sqs:local:0:${this.name}`, awsRegion: 'local',
      })),
    };
    let failed: Set<string>;
    try {
      const res = await this.consumer!(event);
      failed = new Set((res?.batchItemFailures ?? []).map((f) => f.itemIdentifier));
    } catch (err) {
      console.error(`[${this.name}] consumer failed`, err);
      failed = new Set(batch.map((m) => m.id));
    }
    for (const m of batch) {
      const i = this.messages.indexOf(m);
      if (i < 0) continue;
      if (!failed.has(m.id)) this.messages.splice(i, 1);
      else if (m.receiveCount >= this.opts.maxReceiveCount) { this.messages.splice(i, 1); this.dlq.push(m); }
    }
  }
}

/** Serves SendMessage, SendMessageBatch and GetQueueAttributes for the queues, at http://127.0.0.1:PORT/0/NAME. */
export async function startSqsEndpoint(queues: Map<string, LocalQueue>, port: number) {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const action = String(req.headers['x-amz-target'] ?? '').replace('AmazonSQS.', '');
      const input = JSON.parse(Buffer.concat(chunks).toString() || '{}') as Record<string, any>;
      const name = String(input.QueueUrl ?? '').split('/').pop() ?? '';
      const queue = queues.get(name);
      const reply = (status: number, body: unknown) => { res.writeHead(status, { 'Content-Type': 'application/x-amz-json-1.0' }); res.end(JSON.stringify(body)); };
      if (!queue) return reply(400, { __type: 'com.amazonaws.sqs#QueueDoesNotExist', message: `The specified queue ${name} does not exist.` });
      const md5 = (s: string) => createHash('md5').update(s).digest('hex');
      if (action === 'SendMessage') return reply(200, { MessageId: queue.send(input.MessageBody, Number(input.DelaySeconds ?? 0), input.MessageAttributes), MD5OfMessageBody: md5(input.MessageBody) });
      if (action === 'SendMessageBatch') {
        return reply(200, { Successful: (input.Entries as { Id: string; MessageBody: string; DelaySeconds?: number; MessageAttributes?: SentAttributes }[]).map((e) => ({ Id: e.Id, MessageId: queue.send(e.MessageBody, Number(e.DelaySeconds ?? 0), e.MessageAttributes), MD5OfMessageBody: md5(e.MessageBody) })), Failed: [] });
      }
      if (action === 'GetQueueAttributes') return reply(200, { Attributes: { ApproximateNumberOfMessages: String(queue.messages.length), ApproximateNumberOfMessagesDLQ: String(queue.dlq.length) } });
      return reply(400, { __type: 'com.amazonaws.sqs#UnsupportedOperation', message: `${action} is not supported locally` });
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  return { endpoint: `http://127.0.0.1:${port}`, urlOf: (name: string) => `http://127.0.0.1:${port}/000000000000/${name}`, close: () => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }) };
}
