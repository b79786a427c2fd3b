/**
 * Real bundling: the app as `npx cdk synth` builds it, every handler bundled by the local
 * esbuild (no Docker) into an ESM file that exports `handler`, with a source map.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { logicalId, synthApp, type Synthesized } from './helpers.js';

let s: Synthesized;
let outdir: string;
beforeAll(() => {
  s = synthApp();
  outdir = s.app.synth().directory;
}, 600_000);

describe('Lambda bundles', () => {
  // How long synth takes is a figure (printed here), not an assertion: the machines are shared and noisy.
  it('synthesise, bundling all nine handlers', () => {
    expect(Object.keys(s.compute.functions)).toHaveLength(9);
    console.log(`synth with real bundling: ${s.ms} ms`);
  });

  it('are minified ESM with a source map and the handler export, leaving the AWS SDK to the runtime', () => {
    const fns = s.templates.app.findResources('AWS::Lambda::Function') as Record<string, { Properties: { Code: { S3Key?: string } } }>;
    for (const [name, f] of Object.entries(s.compute.functions)) {
      const key = fns[logicalId(f.fn)]?.Properties.Code.S3Key;
      expect(key, name).toMatch(/^[0-9a-f]{64}\.zip$/);
      const file = path.join(outdir, `asset.${key!.slice(0, 64)}`, 'index.mjs');
      expect(existsSync(file), `${name}: ${file}`).toBe(true);
      expect(existsSync(`${file}.map`), name).toBe(true);
      const code = readFileSync(file, 'utf8');
      expect(code, name).toMatch(/export\s*\{[^}]*\bhandler\b/);
      // @aws-sdk/* stays external: the runtime provides it, so no SDK client code is bundled.
      expect(code, name).not.toContain('@aws-sdk/middleware-');
      expect(statSync(file).size, name).toBeLessThan(5 * 1024 * 1024);
    }
  });
});
