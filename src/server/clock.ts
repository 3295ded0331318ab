import fs from 'node:fs';

/** Where the server reads "now" for session rules, so tests can move time. */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };

/**
 * The real time plus a shift in milliseconds read from a file on every call (0 when the file is
 * missing or not a number). Lets a browser journey move a running server's time by writing the
 * file; boot refuses it in production (see config.ts TEST_CLOCK_OFFSET_FILE).
 */
export function offsetFileClock(file: string): Clock {
  return {
    now() {
      let offsetMs = 0;
      try {
        const value = Number(fs.readFileSync(file, 'utf8').trim());
        if (Number.isFinite(value)) offsetMs = value;
      } catch {
        // No file yet: no shift.
      }
      return new Date(Date.now() + offsetMs);
    },
  };
}

/** A clock for tests: the real time shifted by `advance()`, or pinned with `set()`. */
export type TestClock = Clock & { advance(ms: number): void; set(date: Date): void; reset(): void };

export function createTestClock(): TestClock {
  let offsetMs = 0;
  let pinned: Date | null = null;
  return {
    now: () => (pinned ? new Date(pinned) : new Date(Date.now() + offsetMs)),
    advance(ms) {
      if (pinned) pinned = new Date(pinned.getTime() + ms);
      else offsetMs += ms;
    },
    set(date) {
      pinned = new Date(date);
    },
    reset() {
      offsetMs = 0;
      pinned = null;
    },
  };
}
