/**
 * The test stack in its own process: the handlers it runs read process.env, and keeping that env out
 * of vitest's main process keeps it out of the unit-test workers too. Prints one JSON line when ready
 * ({url, env}); stops on SIGTERM.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startStack } from '../../infra/local/stack.js';

const dataDir = mkdtempSync(join(tmpdir(), 'cg-test-'));
const extraEnv = JSON.parse(process.env.STACK_EXTRA_ENV ?? '{}') as Record<string, string>;
try {
  const stack = await startStack({ dataDir, persist: false, env: extraEnv });
  process.stdout.write(`${JSON.stringify({ ready: true, url: stack.url, env: stack.env })}\n`);
  const stop = async () => {
    await stack.close();
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
} catch (err) {
  process.stdout.write(`${JSON.stringify({ ready: false, error: err instanceof Error ? err.message : String(err) })}\n`);
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(1);
}
