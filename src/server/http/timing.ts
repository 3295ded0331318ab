/**
 * Waits until at least `minimumMs` have passed since `startedAt` (a `performance.now()` value).
 * For answers whose work differs with something the caller must not learn (whether an address
 * has an account): both kinds of answer leave at the same moment as long as the slower one
 * finishes inside the floor.
 */
export async function waitUntilElapsed(startedAt: number, minimumMs: number): Promise<void> {
  // A timer keeps whole milliseconds of a coarser clock and can fire a fraction early by this
  // one: wait again until the floor has truly passed.
  for (;;) {
    const remaining = minimumMs - (performance.now() - startedAt);
    if (remaining <= 0) return;
    await new Promise((resolve) => setTimeout(resolve, Math.ceil(remaining)));
  }
}

/** How many of the slower kind's recent times the floor follows. */
const FLOOR_WINDOW = 32;
/** However slow the machine, no answer is held longer than this for its timing's sake. */
const FLOOR_CAP_MS = 3_000;

/**
 * A response floor that follows the slower kind of answer. A fixed floor hides the difference only
 * while the slower kind finishes inside it: on a loaded server a new account's writes took 540 ms
 * against 455 ms for a registered address, both past a 400 ms floor, and the medians told them
 * apart. This one waits for the larger of `minimumMs` and the slowest of the last 32 times the
 * slower kind took (`recordSlower`), so both kinds leave together, also while the load is rising
 * (a 90th percentile lagged behind it: medians 29 ms apart). `minimumMs` 0 turns it off (the test
 * servers).
 */
export class ResponseFloor {
  private readonly recent: number[] = [];
  private next = 0;
  private readonly minimumMs: number;

  constructor(minimumMs: number) {
    this.minimumMs = minimumMs;
  }

  /** Counts how long one answer of the slower kind took to work out. */
  recordSlower(ms: number): void {
    if (this.minimumMs <= 0) return;
    if (this.recent.length < FLOOR_WINDOW) this.recent.push(ms);
    else this.recent[this.next] = ms;
    this.next = (this.next + 1) % FLOOR_WINDOW;
  }

  /** The floor now, in milliseconds. */
  currentMs(): number {
    if (this.minimumMs <= 0) return 0;
    return Math.max(this.minimumMs, Math.min(FLOOR_CAP_MS, Math.max(0, ...this.recent)));
  }

  /** Waits until the floor has passed since `startedAt`. */
  wait(startedAt: number): Promise<void> {
    return waitUntilElapsed(startedAt, this.currentMs());
  }
}
