import os from 'node:os';
import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';
import SlowestFirstSequencer from './scripts/vitest-order.ts';

const webTest = {
  include: ['src/web/**/*.test.{ts,tsx}'],
  environment: 'jsdom',
  setupFiles: ['src/web/test/setup.ts'],
  testTimeout: 30000,
  restoreMocks: true,
};

/**
 * Web test files that need a module graph of their own: they replace modules with `vi.mock` (a
 * shared graph has the real one loaded already), or read state other files' modules keep.
 */
const WEB_FILES_NEEDING_ISOLATION = [
  'src/web/account-detail/account-detail-page.test.tsx',
  'src/web/account-detail/pension-details-card.test.tsx',
  'src/web/account-detail/account-charts.test.tsx',
  'src/web/account-detail/isa-details-card.test.tsx',
  'src/web/app/shell/navigation.test.ts',
  'src/web/app/navigation.test.tsx',
  'src/web/app/visitor-requests.test.tsx',
  'src/web/auth/verification-required.test.tsx',
  'src/web/transactions/transactions-section.test.tsx',
];

// Projects: `web` (React components in jsdom; `web-isolated` for the files that need a module
// graph of their own), `core` (the pure rules) and `node` (the API server and scripts). Run one with
// `npx vitest run --project web`.
export default defineConfig({
  test: {
    // One worker more than the cores: much of the node suite waits on PostgreSQL, PGlite or a
    // timer, so two workers left the two cores 20% idle (1.59 cores busy on average). Measured on
    // two cores, quiet, the whole suite: two workers 553 s, three 509 s, four 531 s.
    maxWorkers: os.availableParallelism() + 1,
    // Slowest files first, by the committed times of a full run (scripts/vitest-order.ts): a clean
    // clone has no cache of the last run's, and by file size the longest files started late.
    sequence: { sequencer: SlowestFirstSequencer },
    projects: [
      {
        plugins: [react()],
        test: {
          ...webTest,
          name: 'web',
          exclude: [...configDefaults.exclude, ...WEB_FILES_NEEDING_ISOLATION],
          // One jsdom and one module graph per worker, not per file: the project's CPU time falls
          // from about 11 to under 3 minutes. src/web/test/setup.ts resets what a file may leave.
          isolate: false,
        },
      },
      {
        plugins: [react()],
        test: { ...webTest, name: 'web-isolated', include: WEB_FILES_NEEDING_ISOLATION },
      },
      {
        test: {
          // Pure rules: no database, no mocks, no globals, so files share one module graph.
          name: 'core',
          include: ['src/core/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30000,
          setupFiles: ['src/server/test/setup.ts'],
          isolate: false,
        },
      },
      {
        test: {
          name: 'node',
          include: ['src/server/**/*.test.ts', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
          environment: 'node',
          // A worker that opens and closes hundreds of PGlite databases, all sharing the engine
          // compiled once (ADR 0049), twice died on 30 Nov in V8's own check of the JIT pages it
          // frees ("Check failed: jit_page_->allocations_.erase(addr) == 1" in
          // ThreadIsolation::UnregisterWasmAllocation, SIGTRAP). Tests only, where databases come
          // and go by the hundred: keep the engine's code (no wasm code GC) and skip the memory
          // protection keys that page tracking serves. A server opens its database once.
          execArgv: ['--no-wasm-code-gc', '--no-memory-protection-keys'],
          testTimeout: 30000,
          hookTimeout: 60000,
          // setup-sql-guard.ts: no one-table select names an outer column beside a subquery, where
          // drizzle writes it without its table (ADR 0084).
          setupFiles: ['src/server/test/setup.ts', 'src/server/test/setup-sql-guard.ts'],
          globalSetup: ['src/server/test/global-setup.ts'],
          // One module graph per worker, not per file: the project ran in 265 s instead of 418 s
          // (the server's graph was imported again for each file). No file mocks modules or sets
          // process.env; each makes its own server and database; setup.ts resets timers and errors.
          isolate: false,
        },
      },
    ],
  },
});
