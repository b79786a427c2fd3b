/**
 * cdk-nag AwsSolutions checks (cdk-nag 3: a CDK validation plugin). The app is synthesised once
 * with the plugin registered; there must be no unacknowledged finding, and every acknowledgement
 * must carry a written reason.
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { App, Stack, Validations } from 'aws-cdk-lib';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { beforeAll, describe, expect, it } from 'vitest';
import { synthApp, type Synthesized } from './helpers.js';

let s: Synthesized;
let assemblyDir: string;
beforeAll(() => {
  s = synthApp({ stubBundling: true }, true);
  assemblyDir = s.app.synth().directory;
}, 120_000);

type Violation = { ruleName: string; severity?: string; violatingResources: { constructPath?: string }[] };
const describeViolations = (vs: Violation[]): string =>
  vs.map((v) => `${v.severity ?? ''} ${v.ruleName}: ${v.violatingResources.map((r) => r.constructPath).join(', ')}`).join('\n');

describe('cdk-nag AwsSolutions', () => {
  it('synthesises with the plugin and reports no unacknowledged error or warning', () => {
    const result = new AwsSolutionsChecks().validateScope(s.app);
    const violations = result.violations as Violation[];
    const errors = violations.filter((v) => v.severity === 'error');
    expect(describeViolations(errors)).toBe('');
    expect(describeViolations(violations)).toBe('');
    expect(result.success).toBe(true);
  });

  it('is registered as a validation plugin, and synth (which fails on any violation) reported none', () => {
    const plugins = (s.app as unknown as { _validationPlugins: { name: string }[] })._validationPlugins;
    expect(plugins.map((p) => p.name)).toContain('AwsSolutions');
    const report = JSON.parse(readFileSync(path.join(assemblyDir, 'validation-report.json'), 'utf8')) as {
      pluginReports: { pluginName: string; conclusion: string; violations?: Violation[] }[];
    };
    // The report lists a plugin only when it has something to say.
    const nag = report.pluginReports.find((p) => p.pluginName === 'AwsSolutions');
    expect(nag?.violations ?? []).toEqual([]);
    expect(report.pluginReports.every((p) => p.conclusion === 'success')).toBe(true);
  });

  it('acknowledges every finding with a written reason (a real sentence)', () => {
    const reasons: [string, string][] = [];
    const walk = (c: IConstruct): void => {
      for (const m of c.node.metadata) {
        if (m.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY) {
          for (const [id, reason] of Object.entries(m.data as Record<string, string>)) {
            // Ours only: aws-cdk-lib acknowledges some of its own CloudFormation-Validate rules.
            if (id.includes('AwsSolutions-')) reasons.push([id, reason]);
          }
        }
      }
      c.node.children.forEach(walk);
    };
    walk(s.app);
    expect(reasons.length).toBeGreaterThan(10);
    for (const [id, reason] of reasons) {
      expect(reason, id).toMatch(/^[A-Z$].{40,}[.)]$/s);
      expect(reason.split(/\s+/).length, id).toBeGreaterThanOrEqual(10);
    }
  });

  it('is not vacuous: the same plugin flags a plainly non-compliant resource', () => {
    const app = new App();
    const stack = new Stack(app, 'Control');
    new sqs.Queue(stack, 'Plain', { encryption: sqs.QueueEncryption.UNENCRYPTED });
    const result = new AwsSolutionsChecks().validateScope(app);
    const rules = (result.violations as Violation[]).map((v) => v.ruleName);
    expect(rules).toEqual(expect.arrayContaining(['AwsSolutions-SQS3', 'AwsSolutions-SQS4']));
  });
});
