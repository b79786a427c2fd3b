/**
 * The analyser binds only part of the DynamoDB adapter (functions/src/store/analyser-store.ts) to keep
 * its bundle small. Every store area its bundled code refers to must be one of them, or the deployed
 * analyser would throw where the unit tests (which bind a whole fake store) pass.
 */
import { join } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { analyserStore, BOUND_AREAS } from '../../functions/src/store/analyser-store.js';
import { externalModules } from '../lib/packaging.js';
import { HANDLERS_DIR, REPO_ROOT } from '../local/lambda/bundles.js';

describe("the analyser's store", () => {
  it('binds every store area the code in its bundle refers to', async () => {
    const out = await build({
      entryPoints: [join(HANDLERS_DIR, 'analyser.ts')], bundle: true, platform: 'node', format: 'esm', write: false, outdir: '/out', minify: false,
      external: externalModules('analyser'), loader: { '.json': 'empty' }, logLevel: 'error', tsconfig: join(REPO_ROOT, 'tsconfig.json'),
    });
    const code = out.outputFiles.map((f) => f.text).join('\n');
    const referred = new Set([...code.matchAll(/\bstores\.(\w+)/g)].map((m) => m[1]!));
    expect(referred.size).toBeGreaterThan(3);
    // The whole `stores` object is never handed on (that would hide which areas are used).
    expect(code).not.toMatch(/[=(,]\s*stores\s*[;),]/);
    expect([...referred].filter((a) => !BOUND_AREAS.includes(a))).toEqual([]);
  });

  it('throws naming the area when an unbound one is called', () => {
    expect(() => analyserStore.users.getProfile('u1')).toThrow(/binds no 'users' store \(getProfile called\)/);
  });
});
