/**
 * Deployment settings, read from CDK context (cdk.json, or `-c key=value` on the command line).
 * Everything has a default so `npx cdk synth` works with no arguments and no AWS credentials.
 */
import * as logs from 'aws-cdk-lib/aws-logs';
import type { Node } from 'constructs';
import { WS_PATH } from '@cg/shared';

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
  readonly domainName?: string;
  readonly certificateArn?: string;
  /** Use a stub asset instead of bundling the Lambdas (template-only tests). */
  readonly stubBundling: boolean;
  /** Deploy web/dist with the Web stack when it exists. */
  readonly deployWeb: boolean;
  /** Sender of the mail the api sends through SES (codes, invitations); its address or domain must be a verified SES identity. */
  readonly mailFrom: string;
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

export function readConfig(node: Node): Config {
  const stage = str(node, 'stage') ?? 'prod';
  if (!/^[a-z][a-z0-9-]{0,20}$/.test(stage)) throw new Error(`context stage must match [a-z][a-z0-9-]{0,20}, got ${stage}`);
  // The WebSocket path is declared once (shared WS_PATH): the SPA, the gateway and CloudFront use it.
  const wsStageName = WS_PATH.slice(1);
  const wanted = str(node, 'wsStageName');
  if (wanted !== undefined && wanted !== wsStageName) throw new Error(`context wsStageName is not a setting: the WebSocket path is ${WS_PATH} (shared/src/ws.ts), got ${wanted}`);
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
    domainName: str(node, 'domainName'),
    certificateArn: str(node, 'certificateArn'),
    stubBundling: bool(node, 'stubBundling', false),
    deployWeb: bool(node, 'deployWeb', true),
    mailFrom: mailFrom(str(node, 'mailFrom') ?? `Pagewarden <no-reply@${str(node, 'domainName') ?? 'commentguard.example'}>`),
  };
}
