import { describe, expect, it } from 'vitest';
import { ANSWER_MAX_AGE_MS } from '../kept/answer-cache.ts';
import { answerKey, instant } from '../test/answer-keys.ts';
import { KeptProtectionRows } from './kept-rows.ts';
import type { ProtectionRows } from './queries.ts';

const key = answerKey;
const at = instant;
const rowsOf = (name: string) => ({ accounts: { name }, dismissals: [] }) as unknown as ProtectionRows;

describe('protection rows kept per user and versions', () => {
  it('are read once for a key, then given back for every part of that key only', async () => {
    const kept = new KeptProtectionRows();
    let reads = 0;
    const read = async () => rowsOf(`read ${++reads}`);
    const first = await kept.rows('ann', key(), at(0), read);
    expect(await kept.rows('ann', key(), at(1_000), read)).toBe(first);
    expect(reads).toBe(1);
    for (const changed of [
      { userVersion: 4 },
      { referenceVersion: 2 },
      { today: '2026-12-02' },
      { tier: 'piglet' as const },
      { isAdmin: true },
    ])
      expect(kept.get('ann', key(changed), at(0)), JSON.stringify(changed)).toBeUndefined();
    expect(kept.get('bob', key(), at(0))).toBeUndefined();
  });

  it('are read every time without a key, and forgotten a minute after they were read', async () => {
    const kept = new KeptProtectionRows();
    let reads = 0;
    const read = async () => rowsOf(`read ${++reads}`);
    await kept.rows('ann', null, at(0), read);
    await kept.rows('ann', null, at(0), read);
    expect(reads).toBe(2);
    await kept.rows('ann', key(), at(0), read);
    expect(kept.get('ann', key(), at(ANSWER_MAX_AGE_MS - 1))).toBeDefined();
    expect(kept.get('ann', key(), at(ANSWER_MAX_AGE_MS))).toBeUndefined();
  });
});
