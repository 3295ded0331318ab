/**
 * An admin's edit of one banking data row by hand (issue 27), in the request's transaction: the
 * reference tables' trigger stamps `admin_edited_at` (drizzle/0040), so a later import that would
 * change the row queues a review item instead of overwriting it; the same statement bumps the
 * reference data version, so savers' searches and answers follow at once. Which fields an admin may
 * correct per table is `EDITABLE`; what a row is and whether it is active stay the source's.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { bankSearchText, searchForm } from '../../core/reference-data/bank-search.ts';
import { WARN_USER_LEVELS } from '../../core/reference-data/import/provider-rows.ts';
import type { Tx } from '../db/client.ts';
import {
  bankReferences,
  bankingGroups,
  isaProviders,
  pensionProviders,
  referenceChangeAudit,
} from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import { z } from '../http/route.ts';
import { BANK_DATA_MESSAGES, type BankDataTab, TABLE_NAMES } from './admin-data-common.ts';

const optionalText = z.string(BANK_DATA_MESSAGES.text).max(2_000, BANK_DATA_MESSAGES.text).nullable().optional();

/** Notes and messages: blank is none. */
const TEXT_FIELDS = new Set<string>(['nameNote', 'comments', 'userMessage']);

const requiredName = (message: string) =>
  z.string(message).trim().min(1, message).max(200, BANK_DATA_MESSAGES.nameLength).optional();

export const BankDataEditSchema = z
  .strictObject({
    name: requiredName(BANK_DATA_MESSAGES.name),
    legalName: requiredName(BANK_DATA_MESSAGES.legalName),
    frn: z
      .string(BANK_DATA_MESSAGES.frn)
      .trim()
      .regex(/^\d{6,7}$/, BANK_DATA_MESSAGES.frn)
      .nullable()
      .optional()
      .openapi({ description: 'FRN (FCA reference for an ISA platform), 6 or 7 digits; null to clear' }),
    nameNote: optionalText,
    comments: optionalText,
    userMessage: optionalText,
    websiteUrl: z
      .string(BANK_DATA_MESSAGES.website)
      .trim()
      .max(500, BANK_DATA_MESSAGES.website)
      .refine((v) => {
        if (!/^https?:\/\/[^\s]+$/i.test(v)) return false;
        try {
          return Boolean(new URL(v).hostname.includes('.'));
        } catch {
          return false;
        }
      }, BANK_DATA_MESSAGES.website)
      .nullable()
      .optional(),
    displayToUser: z.boolean(BANK_DATA_MESSAGES.displayToUser).optional(),
    warnUserLevel: z.enum(WARN_USER_LEVELS as [string, ...string[]], BANK_DATA_MESSAGES.warn).optional(),
    confidenceScore: z
      .number(BANK_DATA_MESSAGES.confidence)
      .int(BANK_DATA_MESSAGES.confidence)
      .min(0, BANK_DATA_MESSAGES.confidence)
      .max(100, BANK_DATA_MESSAGES.confidence)
      .optional(),
    bankingGroupId: z
      .string(BANK_DATA_MESSAGES.licence)
      .trim()
      .min(1, BANK_DATA_MESSAGES.licence)
      .max(200, BANK_DATA_MESSAGES.licence)
      .optional()
      .openapi({ description: "A bank's licence: the banking group it sits under" }),
  })
  .refine((edit) => Object.values(edit).some((v) => v !== undefined), BANK_DATA_MESSAGES.nothing)
  .openapi('BankDataEdit');

type BankDataEdit = z.infer<typeof BankDataEditSchema>;
type EditField = keyof BankDataEdit;

/** Each table's editable fields, and the column each is. */
const EDITABLE: Record<BankDataTab, Partial<Record<EditField, string>>> = {
  groups: {
    name: 'groupName',
    legalName: 'legalName',
    frn: 'groupFrn',
    nameNote: 'nameNote',
    comments: 'comments',
    userMessage: 'userMessage',
    displayToUser: 'displayToUser',
    warnUserLevel: 'warnUserLevel',
    confidenceScore: 'confidenceScore',
  },
  banks: {
    name: 'bankName',
    frn: 'bankFrn',
    nameNote: 'nameNote',
    websiteUrl: 'websiteUrl',
    comments: 'comments',
    userMessage: 'userMessage',
    displayToUser: 'displayToUser',
    warnUserLevel: 'warnUserLevel',
    confidenceScore: 'confidenceScore',
    bankingGroupId: 'bankingGroupId',
  },
  isas: {
    name: 'platformName',
    legalName: 'legalName',
    frn: 'fcaReference',
    websiteUrl: 'websiteUrl',
    comments: 'comments',
    userMessage: 'userMessage',
    displayToUser: 'displayToUser',
    warnUserLevel: 'warnUserLevel',
    confidenceScore: 'confidenceScore',
  },
  pensions: {
    name: 'providerDisplayName',
    legalName: 'legalEntityName',
    frn: 'frn',
    comments: 'comments',
    userMessage: 'userMessage',
    displayToUser: 'displayToUser',
    warnUserLevel: 'warnUserLevel',
    confidenceScore: 'confidenceScore',
  },
};

const FIELD_LABELS: Record<EditField, string> = {
  name: 'The name',
  legalName: 'The legal name',
  frn: 'The FRN',
  nameNote: 'The name note',
  comments: 'The comments',
  userMessage: 'The user message',
  websiteUrl: 'The website',
  displayToUser: 'Display to user',
  warnUserLevel: 'The warn level',
  confidenceScore: 'The confidence',
  bankingGroupId: 'The licence',
};

const TABLES = {
  groups: bankingGroups,
  banks: bankReferences,
  isas: isaProviders,
  pensions: pensionProviders,
} as const;

const uuidShape = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A brand's search columns once its name or licence changed: the saver's picker finds the new names, not the old licence's. */
function brandSearchAfterEdit(
  before: typeof bankReferences.$inferSelect,
  name: string,
  oldGroup: { groupName: string; legalName: string } | null,
  newGroup: { groupName: string; legalName: string } | null,
) {
  const dropped = new Set(oldGroup && newGroup ? [searchForm(oldGroup.groupName), searchForm(oldGroup.legalName)] : []);
  if (name !== before.bankName) dropped.add(searchForm(before.bankName));
  const kept = before.searchText.split(' | ').filter((part) => part !== '' && !dropped.has(part));
  const everyday =
    before.everydaySearch === null
      ? null
      : `|${[...new Set([searchForm(name), ...before.everydaySearch.split('|').filter((n) => n !== '')])].join('|')}|`;
  return {
    searchName: searchForm(name),
    searchText: bankSearchText([name, ...kept, newGroup?.groupName, newGroup?.legalName]),
    everydaySearch: everyday,
  };
}

export async function editRow(tx: Tx, tab: BankDataTab, id: string, edit: BankDataEdit, adminId: string) {
  const allowed = EDITABLE[tab];
  for (const [field, value] of Object.entries(edit) as [EditField, unknown][]) {
    if (value !== undefined && !allowed[field])
      throw new AppError('VALIDATION_FAILED', BANK_DATA_MESSAGES.notEditable(FIELD_LABELS[field], tab), { field });
  }
  if (tab === 'banks' && !uuidShape.test(id)) throw new AppError('NOT_FOUND', BANK_DATA_MESSAGES.notFound);
  const table = TABLES[tab];
  const idColumn = (table as typeof bankingGroups).id;
  const [before] = (await tx.select().from(table).where(eq(idColumn, id)).for('update')) as Record<string, unknown>[];
  if (!before) throw new AppError('NOT_FOUND', BANK_DATA_MESSAGES.notFound);

  const set: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(edit) as [EditField, unknown][]) {
    if (value === undefined) continue;
    set[allowed[field]!] = TEXT_FIELDS.has(field) && typeof value === 'string' ? value.trim() || null : value;
  }
  if (tab === 'pensions' && edit.userMessage !== undefined) set.displayMessage = set.userMessage;
  if (tab === 'banks') {
    const bank = before as typeof bankReferences.$inferSelect;
    const licenceChanges = edit.bankingGroupId !== undefined && edit.bankingGroupId !== bank.bankingGroupId;
    const ids = licenceChanges ? [bank.bankingGroupId, edit.bankingGroupId!] : [bank.bankingGroupId];
    const groups = await tx
      .select({
        id: bankingGroups.id,
        groupName: bankingGroups.groupName,
        legalName: bankingGroups.legalName,
        groupFrn: bankingGroups.groupFrn,
        type: bankingGroups.type,
      })
      .from(bankingGroups)
      .where(inArray(bankingGroups.id, ids));
    const oldGroup = groups.find((g) => g.id === bank.bankingGroupId) ?? null;
    const newGroup = licenceChanges ? (groups.find((g) => g.id === edit.bankingGroupId) ?? null) : oldGroup;
    if (licenceChanges && !newGroup)
      throw new AppError('VALIDATION_FAILED', BANK_DATA_MESSAGES.unknownLicence, { field: 'bankingGroupId' });
    if (licenceChanges && newGroup) {
      set.bankingGroupName = newGroup.groupName;
      set.bankGroupFrn = newGroup.groupFrn;
      set.type = newGroup.type;
    }
    if (licenceChanges || (edit.name !== undefined && edit.name !== bank.bankName))
      Object.assign(set, brandSearchAfterEdit(bank, edit.name ?? bank.bankName, oldGroup, newGroup));
  }

  const [after] = (await tx.update(table).set(set).where(eq(idColumn, id)).returning()) as Record<string, unknown>[];
  await tx.insert(referenceChangeAudit).values({
    tableName: TABLE_NAMES[tab],
    rowId: id,
    action: 'update',
    before,
    after: after ?? null,
    changedBy: adminId,
  });
  if (tab === 'groups' && after) await followGroup(tx, before as GroupRow, after as GroupRow);
}

type GroupRow = typeof bankingGroups.$inferSelect;

/**
 * A group's new name or FRN on the rows that copy them: its brands (the saver's picker shows the
 * licence's name, and finds a brand by it) and its ISA platforms. Derived, not edited by hand: they
 * are written as the source's (`app.reference_import`), so only the group itself is the admin's and
 * a later import flags only the group.
 */
async function followGroup(tx: Tx, before: GroupRow, after: GroupRow): Promise<void> {
  const renamed = before.groupName !== after.groupName || before.legalName !== after.legalName;
  if (!renamed && before.groupFrn === after.groupFrn) return;
  await tx.execute(sql`select set_config('app.reference_import', 'true', true)`);
  const brands = await tx.select().from(bankReferences).where(eq(bankReferences.bankingGroupId, after.id));
  if (brands.length > 0) {
    // One statement for all the group's brands: each keeps its own search columns, worked out here.
    const searches = brands.map((brand) => {
      const s = renamed ? brandSearchAfterEdit(brand, brand.bankName, before, after) : brand;
      return sql`(${brand.id}::uuid, ${s.searchName}::text, ${s.searchText}::text, ${s.everydaySearch}::text)`;
    });
    await tx.execute(sql`update bank_references b
      set banking_group_name = ${after.groupName}, bank_group_frn = ${after.groupFrn},
        search_name = v.search_name, search_text = v.search_text, everyday_search = v.everyday_search
      from (values ${sql.join(searches, sql`, `)}) as v(id, search_name, search_text, everyday_search)
      where b.id = v.id`);
  }
  await tx
    .update(isaProviders)
    .set({ bankingGroupName: after.groupName, bankingGroupFrn: after.groupFrn })
    .where(eq(isaProviders.bankingGroupId, after.id));
  await tx.execute(sql`select set_config('app.reference_import', 'false', true)`);
}
