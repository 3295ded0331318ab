import { describe, expect, it } from 'vitest';
import { timeAgo } from './sync-ago.ts';

const NOW = new Date('2026-11-21T12:00:00Z');

describe('how long ago the banking data was synced', () => {
  it.each([
    ['2026-11-21T11:59:30Z', 'just now'],
    ['2026-11-21T11:55:00Z', '5 minutes ago'],
    ['2026-11-21T09:00:00Z', '3 hours ago'],
    ['2026-11-20T11:00:00Z', 'yesterday'],
    ['2026-11-07T12:00:00Z', '2 weeks ago'],
    ['2026-08-01T12:00:00Z', '3 months ago'],
    ['2024-11-01T12:00:00Z', '2 years ago'],
    ['2026-11-21T12:05:00Z', 'just now'],
  ])('says %s was %s', (at, expected) => {
    expect(timeAgo(at, NOW)).toBe(expected);
  });
});
