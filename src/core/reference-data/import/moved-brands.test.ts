import { describe, expect, it } from 'vitest';
import type { StoredReferenceRow } from './change-detection.ts';
import { keepMovedBrandIds } from './moved-brands.ts';

const brand = (id: string, name: string, group: string) => ({
  id,
  nameAsListed: name,
  bankName: name,
  bankingGroupId: group,
});
const stored = (row: ReturnType<typeof brand>, isActive = true): StoredReferenceRow => ({
  id: row.id,
  loadedData: row,
  adminEditedAt: null,
  isActive,
  current: row,
});

describe('a brand that moved to another licence', () => {
  const halifaxOld = brand('old-halifax', 'Halifax', 'frn-169628');
  const halifaxNew = brand('new-halifax', 'Halifax', 'frn-119278');
  const bos = brand('bos', 'Bank of Scotland', 'frn-169628');

  it('keeps its stored id, so the licence change itself is what the import sees', () => {
    const result = keepMovedBrandIds([halifaxNew, bos], [stored(halifaxOld), stored(bos)], []);
    expect(result).toEqual([{ ...halifaxNew, id: 'old-halifax' }, bos]);
  });

  it('matches names whatever their case and spacing', () => {
    const moved = { ...halifaxNew, nameAsListed: ' HALIFAX ' };
    expect(keepMovedBrandIds([moved], [stored(halifaxOld)], [])[0]!.id).toBe('old-halifax');
  });

  it('leaves ids alone when the match is not one to one', () => {
    const second = brand('new-halifax-2', 'Halifax', 'frn-763256');
    expect(keepMovedBrandIds([halifaxNew, second], [stored(halifaxOld)], []).map((r) => r.id)).toEqual([
      'new-halifax',
      'new-halifax-2',
    ]);
    const otherOld = brand('old-halifax-2', 'Halifax', 'frn-763256');
    expect(keepMovedBrandIds([halifaxNew], [stored(halifaxOld), stored(otherOld)], [])[0]!.id).toBe('new-halifax');
  });

  it('does not take a stored brand the source still lists, an inactive one, or one whose row was unreadable', () => {
    expect(keepMovedBrandIds([halifaxNew, halifaxOld], [stored(halifaxOld)], [])[0]!.id).toBe('new-halifax');
    expect(keepMovedBrandIds([halifaxNew], [stored(halifaxOld, false)], [])[0]!.id).toBe('new-halifax');
    expect(keepMovedBrandIds([halifaxNew], [stored(halifaxOld)], ['old-halifax'])[0]!.id).toBe('new-halifax');
  });
});
