/**
 * The importer's six-state change detection (issue 27): each row of a source's table against what
 * is stored, and what happens to it. Nothing an admin checked by hand is overwritten, no row is
 * deactivated silently, and a change of who is covered by which licence waits for an admin.
 */
import { stableStringify } from '../content-hash.ts';
import type { ImportRecord, ImportTable } from './contract.ts';
import { COVERAGE_FIELDS } from './coverage-fields.ts';
import { reviewProposal, type ReviewProposal } from './review-proposal.ts';

/**
 * - `new`: not stored.
 * - `unchanged`: the source gives what it gave last time and the row is active (an admin's edit
 *   since then stays); also a stored inactive row the source leaves out, which is gone already.
 * - `updated`: the source gives something else, or lists an inactive row again; no admin edit.
 * - `conflict`: as updated, but an admin edited the row by hand since the last import.
 * - `missing`: stored and active, and the source no longer lists it.
 * - `invalid`: the source's row could not be read: reported, never touched.
 */
export const CHANGE_STATES = ['new', 'updated', 'unchanged', 'conflict', 'missing', 'invalid'] as const;
export type ChangeState = (typeof CHANGE_STATES)[number];

/** `apply`: written now; `review`: queued for an admin; `none`: nothing to write. */
export type ChangeDecision = 'apply' | 'review' | 'none';

/** A stored reference row, as the importer reads it. */
export type StoredReferenceRow = {
  id: string;
  /** The row as the data last gave it; null for a row no import or load wrote. */
  loadedData: Record<string, unknown> | null;
  /** Set when an admin edited the row by hand. */
  adminEditedAt: string | Date | null;
  isActive: boolean;
  /** The row as stored now, camelCase keys, bookkeeping columns included. */
  current: Record<string, unknown>;
};

export type RowChange = {
  id: string;
  state: ChangeState;
  decision: ChangeDecision;
  /** The fields the source changes, sorted (every field for a new row, none for a missing one). */
  changedFields: string[];
  /** What the source gave last (the stored row, bookkeeping left out, when nothing was loaded); null when new. */
  before: Record<string, unknown> | null;
  /** The source's row; null when missing, invalid, or gone already. */
  after: ImportRecord | null;
  /** Whether a field in COVERAGE_FIELDS changes. */
  changesCoverage: boolean;
  /** An inactive row the source lists again. */
  reactivates: boolean;
  /** For a `review` decision, the review queue item; otherwise null. */
  review: ReviewProposal | null;
};

export type TableChanges = {
  table: ImportTable;
  /** One per id stored or in the source, in id order. */
  changes: RowChange[];
  counts: Record<ChangeState, number>;
  /**
   * The source's rows to write now (new, and updated without a coverage change), in id order. Each
   * becomes both the row and its loaded data, and the row is active: the source lists it.
   */
  writes: ImportRecord[];
};

/** Columns the loader or the database keep, not the data: never compared. */
const BOOKKEEPING_KEYS = ['createdAt', 'updatedAt', 'loadedData', 'adminEditedAt'];

/**
 * Not compared either: the id (equal by construction), whether the row is active (being in the
 * source says that), and the search columns, derived from the names that are compared.
 */
const NOT_COMPARED = new Set([...BOOKKEEPING_KEYS, 'id', 'isActive', 'searchText', 'searchName', 'everydaySearch']);

/** The stored row's data: bookkeeping left out, timestamps as the ISO text JSON gives them. */
function storedData(current: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(current)
      .filter(([key]) => !BOOKKEEPING_KEYS.includes(key))
      .map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value]),
  );
}

/** The source row's fields whose values differ from `before`'s, sorted. */
function fieldsChanged(incoming: ImportRecord, before: Record<string, unknown>): string[] {
  return Object.keys(incoming)
    .filter((key) => !NOT_COMPARED.has(key))
    .filter((key) => stableStringify(incoming[key]) !== stableStringify(before[key]))
    .sort();
}

const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

type Classified = Omit<RowChange, 'review'> & { current: Record<string, unknown>; isAdminEdited: boolean };

function classify(
  table: ImportTable,
  id: string,
  incoming: ImportRecord | null,
  stored: StoredReferenceRow | null,
  isInvalid: boolean,
): Classified {
  const current = stored ? storedData(stored.current) : {};
  const before = stored ? (stored.loadedData ?? current) : null;
  const isAdminEdited = Boolean(stored?.adminEditedAt);
  const base = { id, before, current, isAdminEdited, changesCoverage: false, reactivates: false };
  if (isInvalid) return { ...base, state: 'invalid', decision: 'none', changedFields: [], after: null };
  if (!stored || !before) {
    const changedFields = fieldsChanged(incoming!, {});
    return { ...base, state: 'new', decision: 'apply', changedFields, after: incoming };
  }
  if (!incoming) {
    if (!stored.isActive) return { ...base, state: 'unchanged', decision: 'none', changedFields: [], after: null };
    return { ...base, state: 'missing', decision: 'review', changedFields: [], after: null };
  }
  const changedFields = fieldsChanged(incoming, before);
  const reactivates = !stored.isActive;
  if (changedFields.length === 0 && !reactivates)
    return { ...base, state: 'unchanged', decision: 'none', changedFields, after: incoming };
  const coverage = new Set(COVERAGE_FIELDS[table]);
  const changesCoverage = changedFields.some((field) => coverage.has(field));
  const changed = { ...base, changedFields, after: incoming, changesCoverage, reactivates };
  if (isAdminEdited) return { ...changed, state: 'conflict', decision: 'review' };
  return { ...changed, state: 'updated', decision: changesCoverage ? 'review' : 'apply' };
}

/**
 * Compares one table's rows from a source with the stored rows. `invalidIds`: ids of the source's
 * rows that could not be read; their stored rows are reported `invalid`, never taken for missing.
 * Throws when the source gives an id twice (the parser reports that as invalid).
 */
export function detectChanges(input: {
  table: ImportTable;
  incoming: ImportRecord[];
  stored: StoredReferenceRow[];
  invalidIds: string[];
}): TableChanges {
  const { table } = input;
  const incomingById = new Map<string, ImportRecord>();
  for (const record of input.incoming) {
    if (incomingById.has(record.id)) throw new Error(`The source gives ${table} row ${record.id} twice`);
    incomingById.set(record.id, record);
  }
  const storedById = new Map(input.stored.map((row) => [row.id, row]));
  const invalid = new Set(input.invalidIds);
  const ids = [...new Set([...incomingById.keys(), ...storedById.keys()])].sort(byCodeUnits);

  const counts = Object.fromEntries(CHANGE_STATES.map((state) => [state, 0])) as Record<ChangeState, number>;
  const changes = ids.map((id): RowChange => {
    const { current, isAdminEdited, ...change } = classify(
      table,
      id,
      incomingById.get(id) ?? null,
      storedById.get(id) ?? null,
      invalid.has(id),
    );
    counts[change.state]++;
    if (change.decision !== 'review') return { ...change, review: null };
    const state = change.state as 'updated' | 'conflict' | 'missing';
    return {
      ...change,
      review: reviewProposal({ ...change, table, state, before: change.before!, current, isAdminEdited }),
    };
  });
  const writes = changes.filter((change) => change.decision === 'apply').map((change) => change.after!);
  return { table, changes, counts, writes };
}
