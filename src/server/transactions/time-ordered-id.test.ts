import { describe, expect, it } from 'vitest';
import { timeOrderedId } from './time-ordered-id.ts';

describe('time-ordered ids', () => {
  it('are version 7 uuids that grow with time and within one millisecond', () => {
    const ids = [
      timeOrderedId(1_700_000_000_000),
      ...Array.from({ length: 5000 }, () => timeOrderedId(1_700_000_000_001)),
      timeOrderedId(1_700_000_000_500),
    ];
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('carry the millisecond in their first 48 bits', () => {
    expect(
      timeOrderedId(Date.UTC(2030, 0, 1))
        .replace(/-/g, '')
        .slice(0, 12),
    ).toBe(Date.UTC(2030, 0, 1).toString(16).padStart(12, '0'));
  });

  it('never hand out the same random bits twice, across many draws of the generator', () => {
    // A new millisecond each time, later than any before: the counter is 0 for all, and the tail
    // (past the counter) is the random bits alone.
    const tails = Array.from({ length: 3000 }, (_, i) => timeOrderedId(4_000_000_000_000 + i * 1000).slice(19));
    expect(new Set(tails).size).toBe(tails.length);
  });
});
