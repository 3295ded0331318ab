import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CHANGE_STATES, detectChanges, type StoredReferenceRow, type TableChanges } from './change-detection.ts';
import type { ImportRecord } from './contract.ts';

const HALIFAX: ImportRecord = {
  id: 'b-halifax',
  bankName: 'Halifax',
  bankingGroupId: 'bank-of-scotland',
  bankingGroupName: 'Bank of Scotland plc',
  bankFrn: '169628',
  bankGroupFrn: '169628',
  type: 'bank',
  fscsProtected: true,
  protectionBasis: 'fscs_deposit',
  isCrownDependency: false,
  comments: null,
  sources: ['PRA deposit takers list (2025-06-30)'],
  isActive: true,
};

const SAINSBURYS: ImportRecord = {
  ...HALIFAX,
  id: 'b-sainsburys',
  bankName: "Sainsbury's Bank",
  bankingGroupId: 'sainsburys-bank',
  bankingGroupName: "Sainsbury's Bank plc",
  bankFrn: '184514',
  bankGroupFrn: '184514',
};

/** The same brand after its savings moved to NatWest's licence (May 2025). */
const SAINSBURYS_AT_NATWEST: ImportRecord = {
  ...SAINSBURYS,
  bankingGroupId: 'natwest',
  bankingGroupName: 'National Westminster Bank plc',
  bankFrn: '121878',
  bankGroupFrn: '121878',
};

const LOADED_AT = new Date('2026-11-01T09:00:00.000Z');

/** A row as the loader leaves it: the record, its loaded data, and the database's bookkeeping. */
function storedAs(record: ImportRecord, overrides: Partial<StoredReferenceRow> = {}): StoredReferenceRow {
  return {
    id: record.id,
    loadedData: record,
    adminEditedAt: null,
    isActive: true,
    current: {
      ...record,
      searchText: `|${String(record.bankName).toLowerCase()}|`,
      loadedData: record,
      adminEditedAt: null,
      createdAt: LOADED_AT,
      updatedAt: LOADED_AT,
    },
    ...overrides,
  };
}

/** An admin's edit by hand: the row now differs from what was loaded. */
function adminEdited(record: ImportRecord, edit: Record<string, unknown>): StoredReferenceRow {
  const row = storedAs(record);
  return { ...row, adminEditedAt: '2026-11-10T12:00:00.000Z', current: { ...row.current, ...edit } };
}

function detectBanks(incoming: ImportRecord[], stored: StoredReferenceRow[], invalidIds: string[] = []) {
  return detectChanges({ table: 'bank_references', incoming, stored, invalidIds });
}

function only(result: TableChanges) {
  expect(result.changes).toHaveLength(1);
  return result.changes[0]!;
}

describe('detectChanges: the six states', () => {
  it('adds a row the database does not have as new, written at once', () => {
    const result = detectBanks([HALIFAX], []);
    expect(only(result)).toMatchObject({ state: 'new', decision: 'apply', before: null, after: HALIFAX, review: null });
    expect(result.writes).toEqual([HALIFAX]);
  });

  it('finds a row the source gives as it did last time unchanged, and writes nothing', () => {
    const result = detectBanks([HALIFAX], [storedAs(HALIFAX)]);
    expect(only(result)).toMatchObject({ state: 'unchanged', decision: 'none', changedFields: [], review: null });
    expect(result.writes).toEqual([]);
  });

  it("keeps an admin's edit when the source gives what it gave last time", () => {
    const edited = adminEdited(HALIFAX, { comments: 'Checked with the PRA by phone' });
    const result = detectBanks([HALIFAX], [edited]);
    expect(only(result)).toMatchObject({ state: 'unchanged', decision: 'none' });
    expect(result.writes).toEqual([]);
  });

  it('applies a change that leaves cover alone directly, as updated', () => {
    const renamed = { ...HALIFAX, comments: 'Brand of Bank of Scotland plc' };
    const result = detectBanks([renamed], [storedAs(HALIFAX)]);
    expect(only(result)).toMatchObject({
      state: 'updated',
      decision: 'apply',
      changedFields: ['comments'],
      changesCoverage: false,
      before: HALIFAX,
      after: renamed,
      review: null,
    });
    expect(result.writes).toEqual([renamed]);
  });

  it('sends a brand moving to another licence to review instead of applying it', () => {
    const result = detectBanks([SAINSBURYS_AT_NATWEST], [storedAs(SAINSBURYS)]);
    const change = only(result);
    expect(change).toMatchObject({
      state: 'updated',
      decision: 'review',
      changedFields: ['bankFrn', 'bankGroupFrn', 'bankingGroupId', 'bankingGroupName'],
      changesCoverage: true,
    });
    expect(change.review).toMatchObject({
      itemType: 'reference_data_licence_change',
      priority: 'high',
      title: "Banking data: new licence or cover for the bank 'Sainsbury's Bank'",
      suggestedAction: "Apply the source's values, or keep the stored ones",
      currentData: { table: 'bank_references', id: 'b-sainsburys', incoming: SAINSBURYS_AT_NATWEST },
    });
    expect(change.review!.description).toContain('bank FRN, bank group FRN, banking group id and banking group name');
    expect(change.review!.description).toContain("the bank 'Sainsbury's Bank' (bank_references b-sainsburys)");
    expect(result.writes).toEqual([]);
  });

  it("flags a change to a row an admin edited by hand as a conflict, keeping the admin's values", () => {
    const edited = adminEdited(HALIFAX, { comments: 'Checked with the PRA by phone' });
    const incoming = { ...HALIFAX, comments: 'Brand of Bank of Scotland plc' };
    const change = only(detectBanks([incoming], [edited]));
    expect(change).toMatchObject({ state: 'conflict', decision: 'review', changedFields: ['comments'] });
    expect(change.review).toMatchObject({ itemType: 'reference_data_conflict', priority: 'medium' });
    expect(change.review!.description).toContain("The admin's values were kept.");
  });

  it('makes a conflict that moves a licence high priority', () => {
    const edited = adminEdited(SAINSBURYS, { comments: 'Checked' });
    const change = only(detectBanks([SAINSBURYS_AT_NATWEST], [edited]));
    expect(change).toMatchObject({ state: 'conflict', changesCoverage: true });
    expect(change.review!.priority).toBe('high');
  });

  it('sends an active row the source no longer lists to review, never deactivating it', () => {
    const result = detectBanks([], [storedAs(HALIFAX)]);
    const change = only(result);
    expect(change).toMatchObject({ state: 'missing', decision: 'review', before: HALIFAX, after: null });
    expect(change.review).toMatchObject({
      itemType: 'reference_data_missing',
      priority: 'high',
      suggestedAction: 'Deactivate it, or keep it',
      dedupeKey: 'reference:bank_references:b-halifax:missing',
      currentData: { incoming: null },
    });
    expect(result.writes).toEqual([]);
  });

  it('makes a missing row with no licence low priority', () => {
    const unlicensed = { ...HALIFAX, bankFrn: null, bankGroupFrn: null };
    expect(only(detectBanks([], [storedAs(unlicensed)])).review!.priority).toBe('low');
  });

  it('reports a stored row whose source row could not be read as invalid, never as missing', () => {
    const result = detectBanks([], [storedAs(HALIFAX)], [HALIFAX.id, 'b-not-stored']);
    expect(only(result)).toMatchObject({ state: 'invalid', decision: 'none', after: null, review: null });
    expect(result.counts.missing).toBe(0);
    expect(result.writes).toEqual([]);
  });
});

describe('detectChanges: rows that come back, and what is not compared', () => {
  it('re-activates an inactive row the source lists again, as updated', () => {
    const change = only(detectBanks([HALIFAX], [storedAs(HALIFAX, { isActive: false })]));
    expect(change).toMatchObject({ state: 'updated', decision: 'apply', reactivates: true, changedFields: [] });
  });

  it('leaves an inactive row an admin edited inactive when the source lists it again: a conflict', () => {
    const edited = { ...adminEdited(HALIFAX, { comments: 'Closed' }), isActive: false };
    const change = only(detectBanks([HALIFAX], [edited]));
    expect(change).toMatchObject({ state: 'conflict', decision: 'review', reactivates: true });
    expect(change.review!.description).toContain('It was left inactive');
  });

  it('finds an inactive row the source leaves out unchanged: it is gone already', () => {
    const change = only(detectBanks([], [storedAs(HALIFAX, { isActive: false })]));
    expect(change).toMatchObject({ state: 'unchanged', decision: 'none', after: null });
  });

  it('ignores bookkeeping and derived search columns when comparing', () => {
    const incoming = { ...HALIFAX, createdAt: '2027-01-01T00:00:00.000Z', searchText: '|other|', isActive: false };
    expect(only(detectBanks([incoming], [storedAs(HALIFAX)])).state).toBe('unchanged');
  });

  it('compares with the row as stored when nothing was ever loaded into it, timestamps as text', () => {
    const checked = { ...HALIFAX, checkedAt: '2026-10-01T08:30:00.000Z' };
    const handMade = storedAs(checked, { loadedData: null });
    handMade.current.checkedAt = new Date('2026-10-01T08:30:00.000Z');
    expect(only(detectBanks([checked], [handMade])).state).toBe('unchanged');
    expect(only(detectBanks([{ ...checked, bankName: 'Halifax Bank' }], [handMade])).changedFields).toEqual([
      'bankName',
    ]);
  });

  it('gives the same review item key for the same source, and a new one when the source changes again', () => {
    const stored = [storedAs(SAINSBURYS)];
    const key = (incoming: ImportRecord) => only(detectBanks([incoming], stored)).review!.dedupeKey;
    expect(key(SAINSBURYS_AT_NATWEST)).toBe(key({ ...SAINSBURYS_AT_NATWEST }));
    expect(key(SAINSBURYS_AT_NATWEST)).toMatch(/^reference:bank_references:b-sainsburys:[0-9a-f]{64}$/);
    expect(key({ ...SAINSBURYS_AT_NATWEST, bankFrn: '999999' })).not.toBe(key(SAINSBURYS_AT_NATWEST));
  });

  it('gives the same answer whatever order the rows come in', () => {
    const incoming = [SAINSBURYS_AT_NATWEST, { ...HALIFAX, comments: 'x' }, { ...HALIFAX, id: 'b-bos' }];
    const stored = [storedAs(SAINSBURYS), storedAs(HALIFAX), storedAs({ ...HALIFAX, id: 'b-gone' })];
    const forwards = detectBanks(incoming, stored);
    expect(detectBanks([...incoming].reverse(), [...stored].reverse())).toEqual(forwards);
    expect(forwards.changes.map((change) => change.id)).toEqual(['b-bos', 'b-gone', 'b-halifax', 'b-sainsburys']);
    expect(forwards.counts).toEqual({ new: 1, updated: 2, unchanged: 0, conflict: 0, missing: 1, invalid: 0 });
  });

  it('refuses a source that gives one id twice', () => {
    expect(() => detectBanks([HALIFAX, HALIFAX], [])).toThrow('twice');
  });

  it("uses each table's own coverage fields", () => {
    const provider = { id: 'Z1234', platformName: 'Plum', bankingGroupFrn: '123456', isaTypes: ['cash'] };
    const stored: StoredReferenceRow = {
      id: 'Z1234',
      loadedData: provider,
      adminEditedAt: null,
      isActive: true,
      current: provider,
    };
    const isa = (incoming: ImportRecord) =>
      only(detectChanges({ table: 'isa_providers', incoming: [incoming], stored: [stored], invalidIds: [] })).decision;
    expect(isa({ ...provider, bankingGroupFrn: '654321' })).toBe('review');
    expect(isa({ ...provider, isaTypes: ['cash', 'stocks_and_shares'] })).toBe('apply');
  });
});

// Property tests: a few ids and a few values per field, so rows collide and states mix often.
const IDS = ['a', 'b', 'c', 'd', 'e'];
const recordArb = (id: string): fc.Arbitrary<ImportRecord> =>
  fc.record({
    id: fc.constant(id),
    bankName: fc.constantFrom('Halifax', 'Bank of Scotland'),
    bankFrn: fc.constantFrom('169628', '121878', null),
    comments: fc.constantFrom(null, 'note'),
    sources: fc.constantFrom(['PRA'], ['PRA', 'FSCS']),
  });

const storedArb = (id: string): fc.Arbitrary<StoredReferenceRow> =>
  fc
    .record({
      loaded: fc.option(recordArb(id), { nil: null }),
      current: recordArb(id),
      isAdminEdited: fc.boolean(),
      isActive: fc.boolean(),
    })
    .map(({ loaded, current, isAdminEdited, isActive }) => ({
      id,
      loadedData: loaded,
      adminEditedAt: isAdminEdited ? LOADED_AT : null,
      isActive,
      // Without an admin's edit the row is what was loaded.
      current: { ...(isAdminEdited || !loaded ? current : loaded), createdAt: LOADED_AT, updatedAt: LOADED_AT },
    }));

const scenarioArb = fc
  .tuple(
    ...IDS.map((id) =>
      fc.record({
        stored: fc.option(storedArb(id), { nil: null }),
        incoming: fc.option(recordArb(id), { nil: null }),
        isInvalid: fc.boolean(),
      }),
    ),
  )
  .map((rows) => ({
    table: 'bank_references' as const,
    stored: rows.flatMap((row) => (row.stored ? [row.stored] : [])),
    // Unordered: detection may not depend on the order rows come in.
    incoming: rows.flatMap((row) => (row.incoming ? [row.incoming] : [])).reverse(),
    invalidIds: IDS.filter((_, i) => rows[i]!.isInvalid),
  }));

/** The database after the 'apply' changes are written as the server writes them. */
function afterApplying(stored: StoredReferenceRow[], result: TableChanges): StoredReferenceRow[] {
  const byId = new Map(stored.map((row) => [row.id, row]));
  for (const record of result.writes) {
    const previous = byId.get(record.id);
    byId.set(record.id, {
      id: record.id,
      loadedData: record,
      adminEditedAt: previous?.adminEditedAt ?? null,
      isActive: true,
      current: { ...record, isActive: true, createdAt: LOADED_AT, updatedAt: new Date('2026-11-29T01:00:00Z') },
    });
  }
  return [...byId.values()];
}

describe('detectChanges: properties', () => {
  it('gives every stored or incoming id exactly one state, and counts that add up to them', () => {
    fc.assert(
      fc.property(scenarioArb, (scenario) => {
        const result = detectChanges(scenario);
        const ids = new Set([...scenario.stored, ...scenario.incoming].map((row) => row.id));
        expect(result.changes.map((change) => change.id).sort()).toEqual([...ids].sort());
        expect(Object.values(result.counts).reduce((sum, n) => sum + n, 0)).toBe(ids.size);
        for (const state of CHANGE_STATES)
          expect(result.counts[state]).toBe(result.changes.filter((change) => change.state === state).length);
      }),
    );
  });

  it("never applies a change over an admin's edit, and never takes an unreadable row for missing", () => {
    fc.assert(
      fc.property(scenarioArb, (scenario) => {
        const result = detectChanges(scenario);
        const edited = new Set(scenario.stored.filter((row) => row.adminEditedAt).map((row) => row.id));
        for (const change of result.changes) {
          if (edited.has(change.id)) expect(change.decision).not.toBe('apply');
          if (scenario.invalidIds.includes(change.id)) expect(change.state).toBe('invalid');
          expect(change.review !== null).toBe(change.decision === 'review');
        }
      }),
    );
  });

  it('finds nothing more to apply, and queues nothing new, once the applied changes are written', () => {
    fc.assert(
      fc.property(scenarioArb, (scenario) => {
        const first = detectChanges(scenario);
        const second = detectChanges({ ...scenario, stored: afterApplying(scenario.stored, first) });
        expect(second.writes).toEqual([]);
        for (const change of second.changes)
          expect(['unchanged', 'invalid'].includes(change.state) || change.decision === 'review').toBe(true);
        const keys = (result: TableChanges) => result.changes.flatMap((change) => change.review?.dedupeKey ?? []);
        expect(keys(second)).toEqual(keys(first));
      }),
    );
  });
});
