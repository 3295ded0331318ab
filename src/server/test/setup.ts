import { afterEach, vi } from 'vitest';

// A stray console.error is a bug the test did not expect: fail the test that caused it.
// Files may share a module graph (the `core` project runs unisolated): wrap console.error once.
const shared = globalThis as typeof globalThis & { __consoleErrors?: unknown[][] };
if (!shared.__consoleErrors) {
  const collected: unknown[][] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => {
    collected.push(args);
    original(...args);
  };
  shared.__consoleErrors = collected;
}
const errors = shared.__consoleErrors;

afterEach(() => {
  vi.useRealTimers();
  if (errors.length > 0) {
    const first = errors.map((a) => a.map(String).join(' ')).join('\n');
    errors.length = 0;
    throw new Error(`console.error was called during the test:\n${first}`);
  }
});
