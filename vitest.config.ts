/** One test command, three layers (design D12): unit, integration (local stack), browser. */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['shared/test/**/*.test.ts', 'functions/test/**/*.test.ts', 'infra/test/**/*.test.ts', 'web/test/**/*.test.{ts,tsx}'],
          environment: 'node',
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts', 'test/browser/**/*.test.ts'],
          globalSetup: ['test/support/global-setup.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
