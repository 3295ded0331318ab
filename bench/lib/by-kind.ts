/**
 * Latencies per kind of request (BENCH_BY_KIND=1): `record` from a load's response callback, then
 * `summary` prints each kind's count, p50, p99 and max, slowest p99 first.
 */
export class LatencyByKind {
  readonly #byKind = new Map<string, number[]>();

  record(kind: string, ms: number): void {
    const list = this.#byKind.get(kind);
    if (list) list.push(ms);
    else this.#byKind.set(kind, [ms]);
  }

  summary(): string {
    return [...this.#byKind]
      .map(([kind, list]) => {
        const sorted = [...list].sort((a, b) => a - b);
        const at = (q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0);
        return { kind, n: sorted.length, p50: at(0.5), p99: at(0.99), max: Math.round(sorted.at(-1) ?? 0) };
      })
      .sort((a, b) => b.p99 - a.p99)
      .map((k) => `${k.kind} ${k.n}× p50 ${k.p50} p99 ${k.p99} max ${k.max}`)
      .join('; ');
  }
}

/** A request's kind: the method and the path with ids and the query taken out. */
export const kindOfRequest = (method: string, path: string) =>
  `${method} ${path.replace(/[0-9a-f-]{36}/g, '{id}').replace(/\?.*$/, '')}`;
