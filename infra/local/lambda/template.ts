/**
 * What the synthesized App stack gives each function: its handler string, timeout, memory and
 * environment (values still holding CloudFormation references). Read from a real `cdk synth` of the
 * app (stub assets, no cdk-nag: the code is bundled separately, the same way), so the local stack
 * runs every function with the environment it gets in AWS.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Stack } from 'aws-cdk-lib';
import type { CfnElement } from 'aws-cdk-lib';
import { buildApp } from '../../lib/app.js';
import { REPO_ROOT } from './bundles.js';

export interface FunctionSpec {
  /** The handler file name under functions/src/handlers (api, analyser ...). */
  name: string;
  handler: string;
  runtime: string;
  timeoutSeconds: number;
  memoryMb: number;
  /** Environment.Variables as synthesized: strings, or CloudFormation intrinsics (Ref, Fn::GetAtt, Fn::Join, Fn::ImportValue ...). */
  environment: Record<string, unknown>;
}

const FILE = 'functions.json';

/** Synthesizes the app and writes every function's spec to `dir/functions.json`. */
export function writeFunctionSpecs(dir: string): void {
  const context = (JSON.parse(readFileSync(join(REPO_ROOT, 'cdk.json'), 'utf8')) as { context: Record<string, unknown> }).context;
  const built = buildApp({ nag: false, context: { ...context, stubBundling: true, deployWeb: false }, outdir: join(dir, 'cdk.out') });
  const template = built.app.synth().getStackByName(built.compute.stackName).template as { Resources: Record<string, { Properties: Record<string, any> }> };
  const specs: FunctionSpec[] = Object.values(built.compute.functions).map((f) => {
    const id = Stack.of(f).getLogicalId(f.fn.node.defaultChild as CfnElement);
    const p = template.Resources[id]!.Properties;
    return {
      name: f.handler,
      handler: String(p.Handler), runtime: String(p.Runtime), timeoutSeconds: Number(p.Timeout ?? 3), memoryMb: Number(p.MemorySize ?? 128),
      environment: (p.Environment?.Variables ?? {}) as Record<string, unknown>,
    };
  });
  writeFileSync(join(dir, FILE), JSON.stringify(specs, null, 1));
}

export function readFunctionSpecs(dir: string): FunctionSpec[] {
  return JSON.parse(readFileSync(join(dir, FILE), 'utf8')) as FunctionSpec[];
}
