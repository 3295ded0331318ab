/** What the ISAs and Pensions tabs share: the warning levels, and refusing an id given twice. */
import type { WarnUserLevel } from '../spec-mapping.ts';

export const WARN_USER_LEVELS: readonly WarnUserLevel[] = ['critical', 'high', 'medium', 'info', 'low'];

/**
 * Row number → why its id cannot be taken: another row gives the same one, and which of them is
 * right would be a guess.
 */
export function repeatedIds(rows: { rowNumber: number; id: string }[]): Map<number, string[]> {
  const byId = new Map<string, number[]>();
  for (const { rowNumber, id } of rows) if (id !== '') byId.set(id, [...(byId.get(id) ?? []), rowNumber]);
  const repeated = new Map<number, string[]>();
  for (const [id, rowNumbers] of byId) {
    if (rowNumbers.length < 2) continue;
    for (const rowNumber of rowNumbers) repeated.set(rowNumber, [`'${id}' is given on rows ${rowNumbers.join(', ')}`]);
  }
  return repeated;
}
