/**
 * Every function is a middy handler with the Powertools middlewares (Lambda context on the log
 * lines, the invocation traced), run inside its correlation scope, its metrics flushed as EMF at
 * the end. SQS consumers go through Powertools batch processing: each record in its own correlation
 * scope (the message's `correlationId` attribute, else its message id), failures reported as partial
 * batch failures.
 */
import { randomUUID } from 'node:crypto';
import middy from '@middy/core';
import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { captureLambdaHandler } from '@aws-lambda-powertools/tracer/middleware';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { correlationIdFrom, flushMetrics, logger, tracer, withCorrelation } from './index.js';

/** The SQS message attribute that carries the correlation id (queue/sqs.ts sets it). */
export const CORRELATION_ATTRIBUTE = 'correlationId';

type Handler<E, R> = (event: E, context: Context) => Promise<R>;

/** The invocation's request id (absent when a test calls the handler without a context). */
export function requestIdOf(context: Context | undefined): string {
  return context?.awsRequestId || randomUUID();
}

/**
 * A function's handler: middy with the Powertools middlewares (and `extra` ones, e.g. the HTTP
 * layer's), run in the correlation scope `correlate` names (and inside `around`, e.g. a store
 * scope), metrics flushed afterwards.
 */
export function observed<E, R>(
  handler: Handler<E, R>,
  correlate: (event: E, context: Context | undefined) => string,
  extra: middy.MiddlewareObj<E, R>[] = [],
  around: <T>(fn: () => Promise<T>) => Promise<T> = (fn) => fn(),
): Handler<E, R> {
  // Responses stay out of the traces: they hold people's comments (and export files).
  let m = middy<E, R>().use(injectLambdaContext(logger)).use(captureLambdaHandler(tracer, { captureResponse: false }));
  for (const mw of extra) m = m.use(mw);
  const run = m.handler(handler);
  return async (event, context) => {
    try {
      return await withCorrelation(correlate(event, context), () => around(() => run(event, context ?? ({} as Context))));
    } finally {
      flushMetrics();
    }
  };
}

/** A record's correlation id: its `correlationId` attribute, else its message id. */
export function recordCorrelationId(record: SQSRecord): string {
  return correlationIdFrom(record.messageAttributes?.[CORRELATION_ATTRIBUTE]?.stringValue, record.messageId);
}

/**
 * An SQS consumer: `handle` runs once per record (in parallel, each in its record's correlation
 * scope); a record whose handler throws is a partial batch failure (SQS delivers it again, then to the
 * DLQ), and a batch whose every record fails is reported the same way (no thrown error).
 * `batch` is shared by the batch's records (e.g. lookups made once); `around` wraps the whole batch
 * (e.g. one request scope for all its records).
 */
export function sqsHandler(
  handle: (record: SQSRecord, batch: Map<string, unknown>) => Promise<void>,
  around: <T>(fn: () => Promise<T>) => Promise<T> = (fn) => fn(),
): Handler<SQSEvent, SQSBatchResponse> {
  return observed<SQSEvent, SQSBatchResponse>(
    (event) => around(() => {
      const batch = new Map<string, unknown>(); // what the batch's records share (e.g. looked-up owners)
      return processPartialResponse(event, (r: SQSRecord) => withCorrelation(recordCorrelationId(r), () => handle(r, batch)), new BatchProcessor(EventType.SQS), { throwOnFullBatchFailure: false });
    }),
    (_event, context) => requestIdOf(context),
  );
}
