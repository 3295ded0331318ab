import { sha256Hex, stableStringify } from '../content-hash.ts';
import type { ChangeState } from './change-detection.ts';
import type { ImportRecord, ImportTable } from './contract.ts';
import { LABEL_FIELD, hasLicence } from './coverage-fields.ts';
import { fieldWords } from './field-words.ts';

/**
 * An admin review queue item (002 §2) for an import's change that is not applied directly.
 * `currentData` carries `{ table, id, incoming }` as the loader's items do: approving writes
 * `incoming`, or deactivates the row when it is null.
 */
export type ReviewProposal = {
  itemType: 'reference_data_licence_change' | 'reference_data_conflict' | 'reference_data_missing';
  priority: 'low' | 'medium' | 'high';
  title: string;
  description: string;
  suggestedAction: string;
  currentData: {
    table: ImportTable;
    id: string;
    state: ChangeState;
    incoming: ImportRecord | null;
    previouslyLoaded: Record<string, unknown> | null;
    current: Record<string, unknown>;
    changedFields: string[];
  };
  /** The same change from the same source has the same key, so a second import queues nothing new. */
  dedupeKey: string;
};

export type ReviewSubject = {
  table: ImportTable;
  id: string;
  state: 'updated' | 'conflict' | 'missing';
  changedFields: string[];
  changesCoverage: boolean;
  reactivates: boolean;
  isAdminEdited: boolean;
  before: Record<string, unknown>;
  after: ImportRecord | null;
  current: Record<string, unknown>;
};

const NOUN: Readonly<Record<ImportTable, string>> = {
  banking_groups: 'banking group',
  bank_references: 'bank',
  isa_providers: 'ISA provider',
  pension_providers: 'pension provider',
};

function listed(fields: string[]): string {
  const words = fields.map(fieldWords);
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/**
 * Priorities: a change of who is covered by which licence is 'high' (savers' answers would move),
 * and so is a row under a licence (one with an FRN) that the source no longer lists; a conflict
 * with an admin's edit that leaves cover alone is 'medium'; a missing row with no licence is 'low'.
 */
function priorityOf(subject: ReviewSubject): ReviewProposal['priority'] {
  if (subject.changesCoverage) return 'high';
  if (subject.state === 'missing') {
    const { table, before, current } = subject;
    return hasLicence(table, before) || hasLicence(table, current) ? 'high' : 'low';
  }
  return 'medium';
}

type Texts = Pick<ReviewProposal, 'itemType' | 'title' | 'description' | 'suggestedAction'>;

function textsOf(subject: ReviewSubject, name: string): Texts {
  const newValues =
    subject.changedFields.length > 0
      ? ` with new values for ${listed(subject.changedFields)}`
      : ' with the same values';
  if (subject.state === 'missing')
    return {
      itemType: 'reference_data_missing',
      title: `Banking data: ${name} is no longer in the source`,
      description: `The source no longer lists ${name}.${subject.isAdminEdited ? ' An admin edited it by hand.' : ''} It was left active, so savers' answers stay as they are until an admin decides.`,
      suggestedAction: 'Deactivate it, or keep it',
    };
  if (subject.state === 'conflict')
    return {
      itemType: 'reference_data_conflict',
      title: `Banking data: the source and an admin's edit differ for ${name}`,
      description: subject.reactivates
        ? `An admin edited ${name} by hand and it is inactive; the source lists it again${newValues}. It was left inactive, as the admin saved it.`
        : `An admin edited ${name} by hand since the last import; the source now gives new values for ${listed(subject.changedFields)}. The admin's values were kept.`,
      suggestedAction: "Apply the source's values, or keep the admin's edit",
    };
  return {
    itemType: 'reference_data_licence_change',
    title: `Banking data: new licence or cover for ${name}`,
    description: `The source changes ${listed(subject.changedFields)} for ${name}. These decide who is covered by which licence, so the change waits for an admin; the stored values are still in use.${subject.reactivates ? ' It is inactive: approving makes it active again.' : ''}`,
    suggestedAction: "Apply the source's values, or keep the stored ones",
  };
}

/** The review queue item for a change that waits for an admin. */
export function reviewProposal(subject: ReviewSubject): ReviewProposal {
  const { table, id, after } = subject;
  const label = after?.[LABEL_FIELD[table]] ?? subject.current[LABEL_FIELD[table]] ?? id;
  const name = `the ${NOUN[table]} '${String(label)}'`;
  const texts = textsOf(subject, name);
  return {
    ...texts,
    // The title names the row as an admin knows it; the description adds where it is stored.
    description: texts.description.replace(name, `${name} (${table} ${id})`),
    priority: priorityOf(subject),
    currentData: {
      table,
      id,
      state: subject.state,
      incoming: after,
      previouslyLoaded: subject.before,
      current: subject.current,
      changedFields: subject.changedFields,
    },
    dedupeKey: `reference:${table}:${id}:${after === null ? 'missing' : sha256Hex(stableStringify(after))}`,
  };
}
