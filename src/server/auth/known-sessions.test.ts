import { describe, expect, it } from 'vitest';
import { KnownSessions } from './known-sessions.ts';

describe('known sessions', () => {
  it('remembers a token’s user, forgets it when told, and knows no other token', () => {
    const known = new KnownSessions(3);
    known.remember('token-a', 'ann');
    expect(known.userOf('token-a')).toBe('ann');
    expect(known.userOf('token-b')).toBeUndefined();
    known.forget('token-a');
    expect(known.userOf('token-a')).toBeUndefined();
  });

  it('holds at most its capacity, dropping the token remembered longest ago', () => {
    const known = new KnownSessions(3);
    for (const t of ['t1', 't2', 't3']) known.remember(t, `user-${t}`);
    known.remember('t1', 'user-t1'); // seen again: stays where it was
    known.remember('t2', 'someone-else'); // a new user for a token: remembered as newest
    known.remember('t4', 'user-t4');
    expect(known.size).toBe(3);
    expect(known.userOf('t1')).toBeUndefined();
    expect([known.userOf('t2'), known.userOf('t3'), known.userOf('t4')]).toEqual([
      'someone-else',
      'user-t3',
      'user-t4',
    ]);
  });
});
