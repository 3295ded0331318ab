import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Two projects: `web` (React components in jsdom) and `node` (core rules, the API
// server and scripts). Run one with `npx vitest run --project web`.
export default defineConfig({
  test: {
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
