/** The local Lambda runtime: a function's package in its own Node 22 process, failing and recovering as Lambda does. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LocalFunction, type LambdaError } from '../local/lambda/runtime.js';
import type { FunctionSpec } from '../local/lambda/template.js';

const spec: FunctionSpec = { name: 'probe', handler: 'index.handler', runtime: 'nodejs22.x', timeoutSeconds: 1, memoryMb: 128, environment: {} };
let fn: LocalFunction | undefined;
let dir: string;
afterEach(async () => { await fn?.close(); rmSync(dir, { recursive: true, force: true }); });

function packageOf(code: string): string {
  dir = mkdtempSync(join(tmpdir(), 'cg-runtime-'));
  writeFileSync(join(dir, 'index.mjs'), code);
  return dir;
}
const failure = (p: Promise<unknown>) => p.then(() => { throw new Error('expected a failure'); }, (e: LambdaError) => ({ type: e.errorType, message: e.message }));

describe('local Lambda runtime', () => {
  it('runs the handler on Node 22 with exactly the environment given, and JSON results', async () => {
    const root = packageOf("export const handler = async (event, ctx) => ({ node: process.version, env: Object.keys(process.env).filter((k) => k !== 'NODE_CHANNEL_FD' && k !== 'NODE_CHANNEL_SERIALIZATION_MODE').sort(), echo: event, left: ctx.getRemainingTimeInMillis() > 0, at: new Date(0) });");
    fn = new LocalFunction(spec, root, { ONLY: 'this', LAMBDA_TASK_ROOT: root, _HANDLER: 'index.handler' });
    const res = (await fn.invoke({ a: 1 })) as { node: string; env: string[]; echo: unknown; left: boolean; at: unknown };
    expect(res.node).toMatch(/^v22\./);
    expect(res.env).toEqual(['LAMBDA_TASK_ROOT', 'ONLY', '_HANDLER']);
    expect(res).toMatchObject({ echo: { a: 1 }, left: true, at: '1970-01-01T00:00:00.000Z' });
  });

  it('reports a failed init on the invocation and initialises again on the next one', async () => {
    const root = packageOf("import { existsSync, writeFileSync } from 'node:fs';\nif (!existsSync('initialised')) { writeFileSync('initialised', ''); throw new Error('first init fails'); }\nexport const handler = async () => 'ok';");
    fn = new LocalFunction(spec, root, { LAMBDA_TASK_ROOT: root, _HANDLER: 'index.handler' });
    expect(await failure(fn.invoke({}))).toMatchObject({ type: 'Runtime.ImportModuleError', message: expect.stringContaining('first init fails') });
    expect(await fn.invoke({})).toBe('ok');
  });

  it('names a missing handler export, a handler error and a timeout as Lambda does', async () => {
    const root = packageOf("export const other = 1;\nexport const boom = async () => { throw new TypeError('bad input'); };\nexport const slow = () => new Promise(() => undefined);");
    fn = new LocalFunction(spec, root, { LAMBDA_TASK_ROOT: root, _HANDLER: 'index.handler' });
    expect(await failure(fn.invoke({}))).toMatchObject({ type: 'Runtime.HandlerNotFound' });
    await fn.close();
    fn = new LocalFunction(spec, root, { LAMBDA_TASK_ROOT: root, _HANDLER: 'index.boom' });
    expect(await failure(fn.invoke({}))).toEqual({ type: 'TypeError', message: 'bad input' });
    await fn.close();
    fn = new LocalFunction(spec, root, { LAMBDA_TASK_ROOT: root, _HANDLER: 'index.slow' });
    expect(await failure(fn.invoke({}))).toEqual({ type: 'Sandbox.Timedout', message: 'Task timed out after 1.00 seconds' });
  });
});
