/** Starts one local stack (in-memory DynamoDB Local, cognito-local, the gateway) for the integration and browser tests. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startStack } from '../../infra/local/stack.js';

declare module 'vitest' {
  export interface ProvidedContext { baseUrl: string }
}

export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(join(tmpdir(), 'cg-test-'));
  const stack = await startStack({
    dataDir, persist: false,
    // Many users register from one IP during the suite; the per-email limit is what the tests exercise.
    env: { RATE_LIMIT_PER_IP: '100000', RATE_LIMIT_PER_EMAIL: '10' },
  });
  project.provide('baseUrl', stack.url);
  return async () => {
    await stack.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
