import type { NamedQuery } from './named-query.ts';

/**
 * Statements that run alone, sent as few as they can be: those of one `together.kind` waiting in
 * the same batch become one statement (`together.combine`), the rest go as they are. Under load
 * each request's session opening was a statement of its own, with its own implicit transaction,
 * snapshot and executor start in PostgreSQL, about a tenth of a millisecond each; the openings
 * waiting together now cost one (docs/performance.md, "Mixed load").
 *
 * `callers` says which statement answers which item, and how: `rowsOf(rows)` takes the item's own
 * rows out of the statement's.
 */
export type SentTogether = {
  statement: NamedQuery;
  callers: Array<{ item: number; rowsOf: (rows: unknown[]) => unknown[] }>;
};

const asItIs = (rows: unknown[]) => rows;

export function sentTogether(items: readonly NamedQuery[]): SentTogether[] {
  const byKind = new Map<string, number[]>();
  for (const [i, item] of items.entries()) {
    if (!item.together) continue;
    const group = byKind.get(item.together.kind);
    if (group) group.push(i);
    else byKind.set(item.together.kind, [i]);
  }
  const sent: SentTogether[] = [];
  for (const [i, item] of items.entries()) {
    const group = item.together ? byKind.get(item.together.kind)! : undefined;
    if (!group || group.length < 2) {
      sent.push({ statement: item, callers: [{ item: i, rowsOf: asItIs }] });
      continue;
    }
    if (group[0] !== i) continue;
    const together = item.together!;
    sent.push({
      statement: together.combine(group.map((j) => items[j]!.together!.part)),
      callers: group.map((j, k) => ({ item: j, rowsOf: (rows: unknown[]) => rowsAt(rows, k + 1) })),
    });
  }
  return sent;
}

/** The rows whose `together_index` is `index`, without it. */
function rowsAt(rows: unknown[], index: number): unknown[] {
  const own: unknown[] = [];
  for (const row of rows as Array<{ together_index: number | string }>) {
    if (Number(row.together_index) !== index) continue;
    const { together_index: _, ...rest } = row;
    own.push(rest);
  }
  return own;
}
