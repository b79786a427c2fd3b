/**
 * What the synthesized App stack gives each function: its handler string, timeout, memory and
 * environment (values still holding CloudFormation references). Read from a real `cdk synth` of the
 * app (stub assets, no cdk-nag: the code is bundled separately, the same way), so the local stack
 * runs every function with the environment it gets in AWS.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CfnElement } from 'aws-cdk-lib';
import { LAMBDA_ROOT, REPO_ROOT, sourceFingerprint } from './bundles.js';

/** What the template is synthesized from (the Lambda code is not: the functions are stubs there). */
const TEMPLATE_SOURCES = ['infra/lib', 'shared/src', 'cdk.json', 'infra/local/lambda/template.ts'];

export interface FunctionSpec {
  /** The handler file name under functions/src/handlers (api, analyser ...). */
  name: string;
  handler: string;
  runtime: string;
  timeoutSeconds: number;
  memoryMb: number;
  /** Environment.Variables as synthesized: strings, or CloudFormation intrinsics (Ref, Fn::GetAtt, Fn::Join, Fn::ImportValue ...). */
  environment: Record<string, unknown>;
  /** The SQS event source mapping that invokes the function, if any: what the local queue honours. */
  eventSource?: EventSourceSpec;
}

export interface EventSourceSpec {
  batchSize: number;
  /** MaximumBatchingWindowInSeconds: how long records are gathered before an invocation with fewer than batchSize. */
  maxBatchingWindowSeconds: number;
  /** ScalingConfig.MaximumConcurrency, when capped. */
  maxConcurrency?: number;
}

/**
 * Every function's spec from the synthesized template, synthesized again only when the CDK app or
 * the shared declarations changed (cached as `$TMPDIR/pagewarden-lambda/functions-<hash>.json`).
 * `context` adds CDK context as `-c key=value` would (e.g. `{ analyser: 'openai' }`).
 */
export async function functionSpecs(log: (l: string) => void = () => undefined, context: Record<string, string> = {}): Promise<FunctionSpec[]> {
  const extra = Object.keys(context).length ? `-${createHash('sha256').update(JSON.stringify(Object.entries(context).sort())).digest('hex').slice(0, 12)}` : '';
  const file = join(LAMBDA_ROOT, `functions-${sourceFingerprint(TEMPLATE_SOURCES)}${extra}.json`);
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as FunctionSpec[];
  const t0 = Date.now();
  mkdirSync(LAMBDA_ROOT, { recursive: true });
  const dir = mkdtempSync(join(LAMBDA_ROOT, 'synth.tmp-'));
  try {
    const specs = await synthesizeSpecs(dir, context);
    writeFileSync(`${file}.tmp-${process.pid}`, JSON.stringify(specs, null, 1));
    renameSync(`${file}.tmp-${process.pid}`, file);
    log(`Synthesized the App stack for the functions' environments in ${Date.now() - t0} ms`);
    return specs;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function synthesizeSpecs(dir: string, extraContext: Record<string, string>): Promise<FunctionSpec[]> {
  const { Stack } = await import('aws-cdk-lib');
  const { buildApp } = await import('../../lib/app.js');
  const context = (JSON.parse(readFileSync(join(REPO_ROOT, 'cdk.json'), 'utf8')) as { context: Record<string, unknown> }).context;
  const built = buildApp({ nag: false, context: { ...context, ...extraContext, stubBundling: true, deployWeb: false }, outdir: join(dir, 'cdk.out') });
  const template = built.app.synth().getStackByName(built.compute.stackName).template as { Resources: Record<string, { Properties: Record<string, any> }> };
  const mappings = Object.values(template.Resources as Record<string, { Type?: string; Properties: Record<string, any> }>)
    .filter((r) => r.Type === 'AWS::Lambda::EventSourceMapping').map((r) => r.Properties);
  return Object.values(built.compute.functions).map((f) => {
    const id = Stack.of(f).getLogicalId(f.fn.node.defaultChild as CfnElement);
    const p = template.Resources[id]!.Properties;
    const m = mappings.find((x) => x.FunctionName?.Ref === id);
    return {
      name: f.handler,
      handler: String(p.Handler), runtime: String(p.Runtime), timeoutSeconds: Number(p.Timeout ?? 3), memoryMb: Number(p.MemorySize ?? 128),
      environment: (p.Environment?.Variables ?? {}) as Record<string, unknown>,
      ...(m ? { eventSource: {
        batchSize: Number(m.BatchSize ?? 10), maxBatchingWindowSeconds: Number(m.MaximumBatchingWindowInSeconds ?? 0),
        ...(m.ScalingConfig?.MaximumConcurrency ? { maxConcurrency: Number(m.ScalingConfig.MaximumConcurrency) } : {}),
      } } : {}),
    };
  });
}
