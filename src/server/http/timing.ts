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
