/**
 * Observability (issue 13 item 7): the correlation id of an HTTP request travels on the SQS message
 * it queues (the `correlationId` attribute, through the local SQS stand-in) to the analyser's log
 * line for that message; metrics recorded during an invocation come out as EMF in the namespace
 * declared in shared/src/observability.ts.
 */
import type { APIGatewayProxyEvent, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { METRICS_NAMESPACE } from '@cg/shared/observability';
import { freePort } from '../../infra/local/ports.js';
import { LocalQueue, startSqsEndpoint } from '../../infra/local/sqs.js';

// Log lines at INFO in this file (unit tests are otherwise silent); set before the modules load.
process.env.POWERTOOLS_LOG_LEVEL = 'INFO';

// The analysis itself is not under test: the analyser's domain call succeeds, no model is loaded.
const analysed: { workspaceId: string; commentIds: string[] }[][] = [];
vi.mock('../src/domain/analysis.js', () => ({
  analyseWorkspaces: async (_deps: unknown, batches: { workspaceId: string; commentIds: string[] }[]) => { analysed.push(batches); },
  analyseWorkspace: async () => undefined,
}));
vi.mock('../src/analysis/index.js', () => ({ createAnalyser: () => ({}) }));

/** The JSON lines Powertools writes to stdout while `fn` runs. */
async function captureStdout(fn: () => Promise<unknown>): Promise<Record<string, any>[]> {
  const lines: string[] = [];
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => { lines.push(String(chunk)); return true; });
  try { await fn(); } finally { spy.mockRestore(); }
  return lines.join('').split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as Record<string, any>);
}

let sqs: Awaited<ReturnType<typeof startSqsEndpoint>>;
const queues = new Map<string, LocalQueue>();
let analyserHandler: (event: SQSEvent, context?: never) => Promise<SQSBatchResponse>;
const env = { ...process.env };

beforeAll(async () => {
  sqs = await startSqsEndpoint(queues, await freePort());
}, 30_000);

afterEach(() => { vi.restoreAllMocks(); });
afterAll(async () => {
  process.env = env;
  await sqs?.close();
});

function restEvent(headers: Record<string, string>): APIGatewayProxyEvent {
  return {
    resource: '/api/login', path: '/api/login', httpMethod: 'GET', headers, multiValueHeaders: {}, queryStringParameters: null, multiValueQueryStringParameters: null,
    pathParameters: null, stageVariables: null, body: null, isBase64Encoded: false,
    requestContext: { requestId: 'apigw-request-1', identity: { sourceIp: '198.51.100.7' }, authorizer: null } as never,
  };
}

describe('correlation id', () => {
  it('travels from the HTTP request (X-Correlation-Id) on the queued message to the analyser log line of that comment', async () => {
    const { createApiHandler } = await import('../src/http/router.js');
    const { sqsAnalysisQueue } = await import('../src/queue/sqs.js');
    ({ handler: analyserHandler } = await import('../src/handlers/analyser.js') as never);

    // The analysis queue (local SQS stand-in): its consumer is the analyser handler, as Lambda's poller.
    const delivered: SQSEvent['Records'] = [];
    queues.set('analysis', new LocalQueue('analysis', (event) => { delivered.push(...event.Records); return analyserHandler(event); }, { batchSize: 10, visibilityTimeoutMs: 30_000, maxReceiveCount: 5, concurrency: 1 }));
    process.env.SQS_ENDPOINT = sqs.endpoint;
    process.env.ANALYSIS_QUEUE_URL = sqs.urlOf('analysis');

    // A request whose route queues a comment for analysis.
    const api = createApiHandler({ loginRedirect: async () => { await sqsAnalysisQueue.enqueue([{ workspaceId: 'ws-1', commentId: 'facebook_c1' }]); return { redirect: '/' }; } }, {} as never);
    const lines = await captureStdout(async () => {
      const res = await api(restEvent({ 'X-Correlation-Id': 'req-7f3a' }), {} as never);
      expect(res.statusCode).toBe(302);
      await queues.get('analysis')!.idle();
    });
    expect(delivered.map((r) => r.messageAttributes.correlationId?.stringValue)).toEqual(['req-7f3a']);
    expect(analysed).toEqual([[{ workspaceId: 'ws-1', commentIds: ['facebook_c1'] }]]);
    const line = lines.find((l) => l.message === 'analysis done');
    expect(line).toMatchObject({ level: 'INFO', correlation_id: 'req-7f3a', workspace: 'ws-1', comment: 'facebook_c1' });
  });

  it("is API Gateway's request id when the caller sends none (or one that is not a plain token)", async () => {
    const { createApiHandler } = await import('../src/http/router.js');
    const { currentCorrelationId } = await import('../src/observability/index.js');
    const seen: (string | undefined)[] = [];
    const api = createApiHandler({ loginRedirect: async () => { seen.push(currentCorrelationId()); return { redirect: '/' }; } }, {} as never);
    await api(restEvent({}), {} as never);
    await api(restEvent({ 'x-correlation-id': 'not a token\n{"level":"ERROR"}' }), {} as never);
    expect(seen).toEqual(['apigw-request-1', 'apigw-request-1']);
  });
});

describe('metrics', () => {
  it('are written as EMF at the end of the invocation, in the declared namespace, decisions by type', async () => {
    const { observed } = await import('../src/observability/middleware.js');
    const { telemetry } = await import('../src/domain/telemetry-port.js');
    const fn = observed(async () => {
      telemetry.metric('CommentsReceived', 3);
      telemetry.metric('CommentsAnalysed', 2);
      telemetry.metric('AnalysisLagMs', 850);
      telemetry.metric('Decisions', 2, { type: 'hide' });
      return 'ok';
    }, () => 'metrics-test');
    const lines = await captureStdout(() => fn({}, {} as never));
    const emf = lines.filter((l) => l._aws?.CloudWatchMetrics);
    const metricsOf = (l: Record<string, any>) => (l._aws.CloudWatchMetrics[0].Metrics as { Name: string; Unit: string }[]);
    for (const l of emf) expect(l._aws.CloudWatchMetrics[0].Namespace).toBe(METRICS_NAMESPACE);
    const invocation = emf.find((l) => metricsOf(l).some((m) => m.Name === 'CommentsReceived'))!;
    expect(invocation).toMatchObject({ CommentsReceived: 3, CommentsAnalysed: 2, AnalysisLagMs: 850 });
    expect(metricsOf(invocation)).toContainEqual({ Name: 'AnalysisLagMs', Unit: 'Milliseconds' });
    const decisions = emf.find((l) => metricsOf(l).some((m) => m.Name === 'Decisions'))!;
    expect(decisions).toMatchObject({ Decisions: 2, type: 'hide' });
    expect(decisions._aws.CloudWatchMetrics[0].Dimensions[0]).toContain('type');
  });
});

describe('SQS consumers (Powertools batch processing)', () => {
  const record = (messageId: string, body: string, correlationId?: string): SQSRecord => ({
    messageId, receiptHandle: messageId, body, md5OfBody: '', eventSource: 'aws:sqs', eventSourceARN: 'arn:aws:sqs:local:0:q', awsRegion: 'local',
    attributes: { ApproximateReceiveCount: '1', SentTimestamp: '0', SenderId: 'local', ApproximateFirstReceiveTimestamp: '0' },
    messageAttributes: correlationId ? { correlationId: { dataType: 'String', stringValue: correlationId, stringListValues: [], binaryListValues: [] } } : {},
  });

  it("report only the failed records, each handled in its own message's correlation scope; a batch that fails whole is reported, not thrown", async () => {
    const { sqsHandler } = await import('../src/observability/middleware.js');
    const { currentCorrelationId } = await import('../src/observability/index.js');
    const seen: Record<string, string | undefined> = {};
    const handler = sqsHandler(async (r) => {
      seen[r.messageId] = currentCorrelationId();
      if (r.body === 'bad') throw new Error('cannot apply');
    });
    const partial = await handler({ Records: [record('m1', 'ok', 'req-1'), record('m2', 'bad', 'req-2'), record('m3', 'ok')] }, {} as never);
    expect(partial).toEqual({ batchItemFailures: [{ itemIdentifier: 'm2' }] });
    // The attribute's id, else the message's own id.
    expect(seen).toEqual({ m1: 'req-1', m2: 'req-2', m3: 'm3' });
    const whole = await handler({ Records: [record('m4', 'bad'), record('m5', 'bad')] }, {} as never);
    expect(whole.batchItemFailures.map((f) => f.itemIdentifier).sort()).toEqual(['m4', 'm5']);
  });
});
