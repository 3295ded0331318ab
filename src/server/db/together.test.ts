import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { NamedQuery } from './named-query.ts';
import { sentTogether } from './together.ts';

/** A statement that goes alone, or with others of `kind`: their parts joined by '+' into one. */
function statement(name: string, kind?: string): NamedQuery {
  return {
    name,
    query: sql`select 1`,
    ...(kind
      ? {
          together: {
            kind,
            part: name,
            combine: (parts: readonly unknown[]) => ({ name: `${kind}(${parts.join('+')})`, query: sql`select 1` }),
          },
        }
      : {}),
  };
}

describe('statements sent together', () => {
  it('sends those of one kind as one statement, the rest as they are, in the order they came', () => {
    const sent = sentTogether([
      statement('a', 'opening'),
      statement('lone'),
      statement('b', 'opening'),
      statement('p', 'profile'),
      statement('c', 'opening'),
    ]);
    expect(sent.map((s) => s.statement.name)).toEqual(['opening(a+b+c)', 'lone', 'p']);
    expect(sent.map((s) => s.callers.map((f) => f.item))).toEqual([[0, 2, 4], [1], [3]]);
  });

  it('sends a statement with none of its kind beside it as it is', () => {
    const alone = statement('a', 'opening');
    const [sent] = sentTogether([alone]);
    expect(sent!.statement).toBe(alone);
    expect(sent!.callers[0]!.rowsOf([{ x: 1 }])).toEqual([{ x: 1 }]);
  });

  it('gives each its own rows by together_index, without the index, and none to one with no row', () => {
    const [sent] = sentTogether([statement('a', 'opening'), statement('b', 'opening'), statement('c', 'opening')]);
    const rows = [
      { together_index: '3', user_id: 'carol' },
      { together_index: '1', user_id: 'alice' },
      { together_index: 3, user_id: 'carol, again' },
    ];
    expect(sent!.callers.map((f) => f.rowsOf(rows))).toEqual([
      [{ user_id: 'alice' }],
      [],
      [{ user_id: 'carol' }, { user_id: 'carol, again' }],
    ]);
  });
});
