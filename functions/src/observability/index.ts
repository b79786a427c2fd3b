/**
 * Powertools for AWS Lambda in every function (issue 13 item 7): one Logger (JSON lines; readable
 * under the local stack, which sets POWERTOOLS_DEV), one Metrics (EMF, namespace from
 * shared/src/observability.ts) and one Tracer (X-Ray; the SDK clients are captured with `traced`).
 *
 * A correlation id follows the work: taken from the HTTP request (X-Correlation-Id, else API
 * Gateway's request id) or an SQS message's `correlationId` attribute, kept in an async scope (a
 * batch's records run in parallel, each in its own), written on every log line, and put on every
 * SQS message sent from that scope (queue/sqs.ts), so one id joins the webhook delivery, the
 * analyser's lines and the WebSocket post.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { format } from 'node:util';
import { Logger } from '@aws-lambda-powertools/logger';
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { Tracer } from '@aws-lambda-powertools/tracer';
import { METRICS_NAMESPACE, type MetricName } from '@cg/shared/observability';
import { bindTelemetry, type LogKeys } from '../domain/telemetry-port.js';

const service = process.env.POWERTOOLS_SERVICE_NAME || 'pagewarden';

/** Unit tests stay quiet unless a test asks for a level (POWERTOOLS_LOG_LEVEL or logger.setLogLevel). */
const quietTests = !!process.env.VITEST && !process.env.POWERTOOLS_LOG_LEVEL;

export const logger = new Logger({ serviceName: service, ...(quietTests ? { logLevel: 'SILENT' as const } : {}) });
export const metrics = new Metrics({ namespace: METRICS_NAMESPACE, serviceName: service });
export const tracer = new Tracer({ serviceName: service });

/** An AWS SDK v3 client whose calls appear as X-Ray subsegments (a no-op when tracing is off, as locally). */
export function traced<T>(client: T): T {
  return tracer.captureAWSv3Client(client as never) as T;
}

interface Scope { correlationId: string; keys: LogKeys }
const scope = new AsyncLocalStorage<Scope>();

/** The longest correlation id taken from a caller: anything else is replaced by the request's own id. */
const CORRELATION_ID = /^[\w.:/@+=-]{1,128}$/;

/** A caller's correlation id when it is a plain token, else the fallback (API Gateway's request id, a message id). */
export function correlationIdFrom(candidate: unknown, fallback: string): string {
  return typeof candidate === 'string' && CORRELATION_ID.test(candidate) ? candidate : fallback;
}

/** Runs `fn` with this correlation id on every log line and SQS message sent from it. */
export function withCorrelation<T>(correlationId: string, fn: () => T): T {
  return scope.run({ correlationId, keys: {} }, fn);
}

export function currentCorrelationId(): string | undefined {
  return scope.getStore()?.correlationId;
}

/** Adds keys (workspace, brand, comments) to the current scope's later log lines. */
export function addLogKeys(keys: LogKeys): void {
  const s = scope.getStore();
  if (!s) return;
  for (const [k, v] of Object.entries(keys)) if (v !== undefined && v !== '') (s.keys as Record<string, unknown>)[k] = v;
}

function fields(extra: Record<string, unknown> = {}): Record<string, unknown> {
  const s = scope.getStore();
  return s ? { correlation_id: s.correlationId, ...s.keys, ...extra } : extra;
}

function withError(err: unknown, extra?: Record<string, unknown>): Record<string, unknown> {
  if (err === undefined) return fields(extra);
  return fields({ ...extra, error: err instanceof Error ? err : String(err) });
}

/** The log lines of the functions: Powertools JSON with the correlation id and the scope's keys. */
export const log = {
  debug: (message: string, extra?: Record<string, unknown>) => logger.debug(message, fields(extra)),
  info: (message: string, extra?: Record<string, unknown>) => logger.info(message, fields(extra)),
  warn: (message: string, err?: unknown, extra?: Record<string, unknown>) => logger.warn(message, withError(err, extra)),
  error: (message: string, err?: unknown, extra?: Record<string, unknown>) => logger.error(message, withError(err, extra)),
};

/** A count, or a duration for names ending in Ms; with dimensions it is its own EMF line (they apply to it alone). */
export function recordMetric(name: MetricName, value: number, dimensions?: Record<string, string>): void {
  const unit = name.endsWith('Ms') ? MetricUnit.Milliseconds : MetricUnit.Count;
  if (!dimensions || !Object.keys(dimensions).length) { metrics.addMetric(name, unit, value); return; }
  const single = metrics.singleMetric();
  for (const [k, v] of Object.entries(dimensions)) single.addDimension(k, v);
  single.addMetric(name, unit, value);
}

/** Writes the invocation's metrics as EMF (nothing when none was recorded: no empty-metrics warning). */
export function flushMetrics(): void {
  if (metrics.hasStoredMetrics()) metrics.publishStoredMetrics();
}

bindTelemetry({ metric: recordMetric, logKeys: addLogKeys });

/**
 * In Lambda, lines the domain and adapters write with console.* go through the logger as well (JSON at
 * their level, with the correlation id and keys). Not under POWERTOOLS_DEV (the local stack), where
 * the logger itself prints through the global console; there they stay plain lines.
 */
const devMode = ['true', '1', 'yes', 'on'].includes((process.env.POWERTOOLS_DEV ?? '').toLowerCase());
if (process.env.AWS_LAMBDA_FUNCTION_NAME && !devMode && !process.env.VITEST) {
  const route = (level: 'info' | 'warn' | 'error') => (...args: unknown[]) => {
    const err = args.find((a) => a instanceof Error);
    const message = format(...args.filter((a) => a !== err));
    if (level === 'info') log.info(message, err ? { error: err } : undefined);
    else log[level](message, err);
  };
  console.log = route('info');
  console.info = route('info');
  console.warn = route('warn');
  console.error = route('error');
}
