/**
 * Undo steps (stop a spawned server, drop a throwaway database, remove a temp folder), run last
 * in first out. The same stack serves the normal end, a failure and Ctrl-C.
 */
export class Cleanup {
  #steps: Array<{ label: string; run: () => Promise<void> | void }> = [];

  add(label: string, run: () => Promise<void> | void): void {
    this.#steps.push({ label, run });
  }

  async runAll(): Promise<void> {
    for (let step = this.#steps.pop(); step; step = this.#steps.pop()) {
      try {
        await step.run();
      } catch (err) {
        console.error(`cleanup: ${step.label} failed: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
  }
}

/**
 * Runs a benchmark's `main` and exits with its code, running `cleanup` on the way out: at the end,
 * after a failure (printed) and on Ctrl-C.
 */
export function runBench(main: () => Promise<number>, cleanup: Cleanup, isExpected: (err: unknown) => boolean): void {
  process.on('SIGINT', () => {
    void cleanup.runAll().finally(() => process.exit(130));
  });
  main()
    .then(async (code) => {
      await cleanup.runAll();
      process.exit(code);
    })
    .catch(async (err: unknown) => {
      console.error(isExpected(err) && err instanceof Error ? err.message : err);
      await cleanup.runAll();
      process.exit(1);
    });
}
