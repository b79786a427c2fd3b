/** Shared helpers for the CDK tests: build the app once per file, read templates, follow roles. */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { CfnElement } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { buildApp, type CommentGuardApp } from '../../lib/app.js';
import { REPO_ROOT, type CgFunction } from '../../lib/function.js';

export interface Synthesized extends CommentGuardApp {
  readonly templates: { data: Template; app: Template; web: Template };
  readonly ms: number;
}

/** The context of cdk.json (feature flags and defaults), so tests see what `cdk synth` sees. */
export const CDK_JSON_CONTEXT = (JSON.parse(readFileSync(path.join(REPO_ROOT, 'cdk.json'), 'utf8')) as { context: Record<string, unknown> }).context;

/** Build and synthesise the whole app (all three stacks) once. */
export function synthApp(context: Record<string, unknown> = {}, nag = false): Synthesized {
  const t0 = Date.now();
  const built = buildApp({ nag, context: { ...CDK_JSON_CONTEXT, ...context } });
  built.app.synth();
  const templates = {
    data: Template.fromStack(built.data),
    app: Template.fromStack(built.compute),
    web: Template.fromStack(built.web),
  };
  return { ...built, templates, ms: Date.now() - t0 };
}

export function logicalId(c: Construct): string {
  return Stack.of(c).getLogicalId(c.node.defaultChild as CfnElement);
}

type Res = { Type: string; Properties?: Record<string, unknown> };

/** Every IAM policy document statement attached to the function's role, as JSON text. */
export function rolePolicyJson(t: Template, f: CgFunction): string {
  const roleId = logicalId(f.fn.role as unknown as Construct);
  const policies = Object.values(t.findResources('AWS::IAM::Policy') as Record<string, Res>).filter((p) =>
    JSON.stringify(p.Properties?.['Roles'] ?? []).includes(`"${roleId}"`),
  );
  return JSON.stringify(policies.map((p) => p.Properties?.['PolicyDocument']));
}

/** Environment variables of the function's CloudFormation resource. */
export function envOf(t: Template, f: CgFunction): Record<string, unknown> {
  const res = t.findResources('AWS::Lambda::Function') as Record<string, Res>;
  const fn = res[logicalId(f.fn)];
  if (!fn) throw new Error(`function ${f.node.path} not in template`);
  return ((fn.Properties?.['Environment'] as { Variables?: Record<string, unknown> } | undefined)?.Variables) ?? {};
}
