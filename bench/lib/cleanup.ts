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
