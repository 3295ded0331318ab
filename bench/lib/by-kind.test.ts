import { describe, expect, it } from 'vitest';
import { LatencyByKind, kindOfRequest } from './by-kind.ts';

describe('latencies per kind of request (BENCH_BY_KIND=1)', () => {
  it('names a kind by method and path, ids and query taken out', () => {
    const id = '0b7e4c1a-93f2-4d8e-a0c5-2f1e9b6d7c3a';
    expect(kindOfRequest('POST', `/api/accounts/${id}/transactions?x=1`)).toBe('POST /api/accounts/{id}/transactions');
  });

  it('gives each kind its count, p50, p99 and max, the slowest p99 first', () => {
    const byKind = new LatencyByKind();
    for (let ms = 1; ms <= 100; ms++) byKind.record('GET /fast', ms);
    for (let ms = 1; ms <= 10; ms++) byKind.record('POST /slow', ms * 100);
    expect(byKind.summary()).toBe('POST /slow 10× p50 600 p99 1000 max 1000; GET /fast 100× p50 51 p99 100 max 100');
  });
});
