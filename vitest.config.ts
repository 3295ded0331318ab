import os from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Two projects: `web` (React components in jsdom) and `node` (core rules, the API
// server and scripts). Run one with `npx vitest run --project web`.
export default defineConfig({
  test: {
    // A worker per core (vitest's default leaves one idle): much of the node suite waits on
    // PostgreSQL or PGlite, so on two cores two workers finish the run in about half the time.
    maxWorkers: os.availableParallelism(),
    projects: [
      {
        plugins: [react()],
        test: {
          name: 'web',
          include: ['src/web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/web/test/setup.ts'],
          testTimeout: 30000,
          restoreMocks: true,
        },
      },
      {
        test: {
          name: 'node',
          include: ['src/core/**/*.test.ts', 'src/server/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30000,
          hookTimeout: 60000,
          setupFiles: ['src/server/test/setup.ts'],
          globalSetup: ['src/server/test/global-setup.ts'],
        },
      },
    ],
  },
});
