/**
 * Deployment settings, read from CDK context (cdk.json, or `-c key=value` on the command line).
 * Everything has a default so `npx cdk synth` works with no arguments and no AWS credentials.
 */
import * as logs from 'aws-cdk-lib/aws-logs';
import type { Node } from 'constructs';
import { COMMENTS_PER_TRANSACTION, WS_PATH } from '@cg/shared';

export interface Config {
  /** Deployment stage (prod, staging, dev-alice ...): part of every name, and STAGE in Lambdas. */
  readonly stage: string;
  /** Prefix of stack names. */
  readonly appName: string;
  /** WebSocket stage name: shared WS_PATH without its slash (the viewer path on CloudFront and locally). */
  readonly wsStageName: string;
  readonly throttle: { rateLimit: number; burstLimit: number };
  readonly analyserReservedConcurrency: number;
  readonly logRetention: logs.RetentionDays;
  /** Powertools log level of every function (POWERTOOLS_LOG_LEVEL). */
  readonly logLevel: string;
  readonly domainName?: string;
  readonly certificateArn?: string;
  /** Use a stub asset instead of bundling the Lambdas (template-only tests). */
  readonly stubBundling: boolean;
  /** Deploy web/dist with the Web stack when it exists. */
  readonly deployWeb: boolean;
  /** Sender of the mail the api sends through SES (codes, invitations); its address or domain must be a verified SES identity. */
  readonly mailFrom: string;
  /**
   * How the analysis queue feeds the analyser (issue 13 item 5). `analyser` picks the defaults:
   * embedded — batches of 10 delivered at once (no window: a decision in well under a second);
   * openai — batches of up to 25 gathered for up to 15 s, so a trickle of 2 comments/s fills one
   * OpenAI request. `analysisBatchSize` and `analysisBatchingWindowSeconds` override them;
   * `analysisIdsPerMessage` is how many comments one message carries (embedded 90, openai 1).
   */
  readonly analysis: { provider: 'embedded' | 'openai'; batchSize: number; batchingWindowSeconds: number; idsPerMessage: number };
  /** OPENAI_BASE_URL and OPENAI_MODEL of the analyser (any OpenAI-compatible endpoint); unset: OpenAI's API and the default model. */
  readonly openai: { baseUrl?: string; model?: string };
}

function str(node: Node, key: string): string | undefined {
  const v: unknown = node.tryGetContext(key);
  return v === undefined || v === null || v === '' ? undefined : String(v);
}
function num(node: Node, key: string, fallback: number): number {
  const v = str(node, key);
  const n = v === undefined ? fallback : Number(v);
  if (!Number.isFinite(n)) throw new Error(`context ${key} must be a number, got ${v}`);
  return n;
}
function bool(node: Node, key: string, fallback: boolean): boolean {
  const v = str(node, key);
  return v === undefined ? fallback : v === 'true' || v === '1';
}

/** `Name <address>` or `address`, with one @ and a domain, no line breaks. */
function mailFrom(value: string): string {
  const address = /<([^>]+)>$/.exec(value)?.[1] ?? value;
  if (/[\r\n]/.test(value) || !/^[^@\s<>]+@[a-z0-9.-]+\.[a-z]{2,}$/i.test(address)) {
    throw new Error(`context mailFrom must be "Name <address>" or an address, got ${value}`);
  }
  return value;
}

/** The analysis queue's event source settings; Lambda needs a window of at least 1 s for batches over 10. */
function analysis(node: Node): Config['analysis'] {
  const provider = str(node, 'analyser') ?? 'embedded';
  if (provider !== 'embedded' && provider !== 'openai') throw new Error(`context analyser must be embedded or openai, got ${provider}`);
  const batchSize = num(node, 'analysisBatchSize', provider === 'openai' ? 25 : 10);
  const batchingWindowSeconds = num(node, 'analysisBatchingWindowSeconds', provider === 'openai' ? 15 : 0);
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 10_000) throw new Error(`context analysisBatchSize must be an integer from 1 to 10000, got ${batchSize}`);
  if (!Number.isInteger(batchingWindowSeconds) || batchingWindowSeconds < 0 || batchingWindowSeconds > 300) throw new Error(`context analysisBatchingWindowSeconds must be an integer from 0 to 300, got ${batchingWindowSeconds}`);
  if (batchSize > 10 && batchingWindowSeconds < 1) throw new Error(`context analysisBatchSize ${batchSize} needs analysisBatchingWindowSeconds of at least 1 (Lambda delivers more than 10 SQS messages only with a batching window)`);
  // Comments per message (queue/analysis-messages.ts): the embedded analyser decides a Process All of
  // 5,000 in 56 messages; OpenAI keeps one per message, its requests already gather 25.
  const idsPerMessage = num(node, 'analysisIdsPerMessage', provider === 'openai' ? 1 : COMMENTS_PER_TRANSACTION);
  if (!Number.isInteger(idsPerMessage) || idsPerMessage < 1 || idsPerMessage > COMMENTS_PER_TRANSACTION) throw new Error(`context analysisIdsPerMessage must be an integer from 1 to ${COMMENTS_PER_TRANSACTION}, got ${idsPerMessage}`);
  return { provider, batchSize, batchingWindowSeconds, idsPerMessage };
}

function openaiEndpoint(node: Node): Config['openai'] {
  const baseUrl = str(node, 'openaiBaseUrl');
  if (baseUrl !== undefined && !/^https?:\/\/[^\s/]+(\/\S*)?$/.test(baseUrl)) throw new Error(`context openaiBaseUrl must be an http(s) URL such as https://llm.example.com/v1, got ${baseUrl}`);
  return { baseUrl, model: str(node, 'openaiModel') };
}

export function readConfig(node: Node): Config {
  const stage = str(node, 'stage') ?? 'prod';
  if (!/^[a-z][a-z0-9-]{0,20}$/.test(stage)) throw new Error(`context stage must match [a-z][a-z0-9-]{0,20}, got ${stage}`);
  // The WebSocket path is declared once (shared WS_PATH): the SPA, the gateway and CloudFront use it.
  const wsStageName = WS_PATH.slice(1);
  const wanted = str(node, 'wsStageName');
  if (wanted !== undefined && wanted !== wsStageName) throw new Error(`context wsStageName is not a setting: the WebSocket path is ${WS_PATH} (shared/src/ws.ts), got ${wanted}`);
  const logLevel = (str(node, 'logLevel') ?? 'INFO').toUpperCase();
  if (!['TRACE', 'DEBUG', 'INFO', 'WARN', 'ERROR', 'CRITICAL', 'SILENT'].includes(logLevel)) throw new Error(`context logLevel must be one of TRACE, DEBUG, INFO, WARN, ERROR, CRITICAL, SILENT, got ${logLevel}`);
  const retentionDays = num(node, 'logRetentionDays', 30);
  const retention = Object.values(logs.RetentionDays).find((d) => d === retentionDays);
  if (retention === undefined) throw new Error(`context logRetentionDays ${retentionDays} is not a CloudWatch Logs retention period`);
  return {
    stage,
    appName: str(node, 'appName') ?? 'CommentGuard',
    wsStageName,
    throttle: { rateLimit: num(node, 'apiThrottleRateLimit', 50), burstLimit: num(node, 'apiThrottleBurstLimit', 100) },
    analyserReservedConcurrency: num(node, 'analyserReservedConcurrency', 10),
    logRetention: retention as logs.RetentionDays,
    logLevel,
    domainName: str(node, 'domainName'),
    certificateArn: str(node, 'certificateArn'),
    stubBundling: bool(node, 'stubBundling', false),
    deployWeb: bool(node, 'deployWeb', true),
    mailFrom: mailFrom(str(node, 'mailFrom') ?? `Pagewarden <no-reply@${str(node, 'domainName') ?? 'commentguard.example'}>`),
    analysis: analysis(node),
    openai: openaiEndpoint(node),
  };
}
