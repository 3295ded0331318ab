/**
 * A brand that moved to another licence keeps its row (issue 27). A brand's id comes from its
 * licence and name (`frn-169628/Halifax`), so in a source where Halifax now sits under another
 * licence it would read as a new brand plus a stored one gone missing: savers' accounts would keep
 * pointing at the old row, and their protection answers would never move. When exactly one new
 * brand and exactly one stored brand the source no longer lists share a name, the new one takes
 * the stored one's id: change detection then sees the licence change itself, which goes to the
 * review queue, and approving it moves every saver's account with the brand.
 */
import type { StoredReferenceRow } from './change-detection.ts';
import type { ImportRecord } from './contract.ts';

const nameOf = (row: Record<string, unknown>) =>
  String(row.nameAsListed ?? row.bankName ?? '')
    .trim()
    .toLowerCase();

/** The source's brands, those that moved given their stored ids; every other record as it was. */
export function keepMovedBrandIds(
  incoming: readonly ImportRecord[],
  stored: readonly StoredReferenceRow[],
  invalidIds: readonly string[],
): ImportRecord[] {
  const storedIds = new Set(stored.map((row) => row.id));
  const incomingIds = new Set(incoming.map((row) => row.id));
  const skipped = new Set(invalidIds);
  const byName = <T>(rows: T[], name: (row: T) => string) => {
    const map = new Map<string, T[]>();
    for (const row of rows) map.set(name(row), [...(map.get(name(row)) ?? []), row]);
    return map;
  };
  const added = byName(
    incoming.filter((row) => !storedIds.has(row.id)),
    nameOf,
  );
  const gone = byName(
    stored.filter((row) => row.isActive && !incomingIds.has(row.id) && !skipped.has(row.id)),
    (row) => nameOf(row.loadedData ?? row.current),
  );
  const movedTo = new Map<string, string>();
  for (const [name, news] of added) {
    const olds = gone.get(name);
    if (name !== '' && news.length === 1 && olds?.length === 1) movedTo.set(news[0]!.id, olds[0]!.id);
  }
  return incoming.map((row) => {
    const id = movedTo.get(row.id);
    return id === undefined ? row : { ...row, id };
  });
}
