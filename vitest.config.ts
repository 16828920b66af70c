import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { aliases } from './frontend/vite.config.ts';

// One project per kind of test so each npm script runs one kind; every test file gets its own
// data directory or tables, so files run in parallel safely.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['test/unit/**/*.test.ts'], environment: 'node' } },
      {
        // The browser app's components, in a simulated DOM (Testing Library), next to their features.
        plugins: [react()],
        resolve: { alias: aliases },
        test: {
          name: 'component',
          include: ['frontend/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['frontend/src/testing/setup-tests.ts'],
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'infra',
          include: ['test/infra/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          // A page that fetches after a reload can take more than poll's 1 s default on a loaded machine.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
