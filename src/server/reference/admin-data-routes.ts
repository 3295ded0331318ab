/**
 * The banking data admin screen's API (002 §2 "Banking data admin screen", issue 27), admins only:
 * the four reference tables as paged, searchable lists (groups with their brands and ISA platforms,
 * Shared and Updated markers, the last sync time), and an admin's edit of one row by hand.
 *
 * The lists are admin-data-lists.ts, the edit admin-data-edit.ts. An edit runs in the admin's
 * request transaction, so the reference tables' trigger stamps `admin_edited_at` (drizzle/0040): a
 * later import that would change the row queues a review item instead of overwriting it. The same
 * statement bumps the reference data version, so savers' searches and dashboard answers follow at
 * once. Fields an admin may correct, per table:
 * - groups: name, legal name, FRN, name note, comments, user message, display to user, warn level, confidence
 * - banks: name, FRN, licence (`bankingGroupId`, which must exist), name note, website, comments,
 *   user message, display to user, warn level, confidence
 * - isas: name, legal name, FCA reference, website, comments, user message, display to user, warn level, confidence
 * - pensions: name, legal entity, FRN, comments, user message, display to user, warn level, confidence
 * What a row is (its type, protection basis, category) and whether it is active stay the source's:
 * those change who is covered by what, and go through an import and the review queue.
 */
import { sessionOf, txOf } from '../http/access.ts';
import type { Deps } from '../http/context.ts';
import { createRouter, defineRoute, z } from '../http/route.ts';
import { BANK_DATA_MESSAGES, BANK_DATA_PAGE_SIZE, BANK_DATA_TABS } from './admin-data-common.ts';
import { BankDataEditSchema, editRow } from './admin-data-edit.ts';
import { LISTS, rowJson, summaryOf } from './admin-data-lists.ts';

export { BANK_DATA_MESSAGES, BANK_DATA_PAGE_SIZE, BANK_DATA_TABS, type BankDataTab } from './admin-data-common.ts';

const GroupMemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  frn: z.string().nullable(),
  isActive: z.boolean(),
  isUpdated: z.boolean(),
});

export const BankDataRowSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    legalName: z.string().nullable(),
    frn: z.string().nullable().openapi({ description: 'FRN; for an ISA platform its FCA reference' }),
    nameNote: z.string().nullable(),
    type: z.string().openapi({ description: 'Group or bank type; ISA FSCS category; pension category' }),
    protectionBasis: z.string(),
    groupId: z.string().nullable().openapi({ description: 'The licence (banking group) a bank or ISA sits under' }),
    groupName: z.string().nullable(),
    websiteUrl: z.string().nullable(),
    comments: z.string().nullable(),
    userMessage: z.string().nullable(),
    displayToUser: z.boolean(),
    warnUserLevel: z.string(),
    confidenceScore: z.number().int(),
    isActive: z.boolean(),
    updatedFlag: z.boolean(),
    adminEditedAt: z.string().nullable(),
    isUpdated: z.boolean().openapi({
      description:
        'Flagged by the source, edited by an admin since the last import, or changed by the last import (a group: or one of its brands or ISA platforms)',
    }),
    isShared: z.boolean().openapi({ description: 'A group whose licence has more than one brand, or in the BoE list' }),
    brands: z.array(GroupMemberSchema).optional(),
    isaPlatforms: z.array(GroupMemberSchema).optional(),
  })
  .openapi('BankDataRow');

const OverviewSchema = z
  .object({
    tab: z.enum(BANK_DATA_TABS),
    q: z.string(),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int().openapi({ description: 'Rows matching the search in this tab' }),
    counts: z.object({ groups: z.number(), banks: z.number(), isas: z.number(), pensions: z.number() }),
    lastSync: z.object({ at: z.string(), source: z.enum(['import', 'data-files']) }).nullable(),
    rows: z.array(BankDataRowSchema),
  })
  .openapi('BankDataOverview');

const TableParams = z.object({
  table: z.enum(BANK_DATA_TABS, BANK_DATA_MESSAGES.table).openapi({ param: { name: 'table', in: 'path' } }),
  id: z
    .string()
    .max(200, BANK_DATA_MESSAGES.notFound)
    .openapi({ param: { name: 'id', in: 'path' } }),
});

export function bankDataAdminRoutes(deps: Deps) {
  const app = createRouter();

  app.openapi(
    defineRoute(deps, '', {
      access: 'admin',
      method: 'get',
      path: '/api/admin/bank-data/overview',
      frame: 'opening-only',
      summary:
        'The banking data admin screen: one tab’s rows (50 a page) matching a search of name, legal name or FRN, groups with their brands and ISA platforms, each tab’s size and the last sync',
      request: {
        query: z.object({
          tab: z.enum(BANK_DATA_TABS, BANK_DATA_MESSAGES.tab).optional(),
          q: z.string(BANK_DATA_MESSAGES.q).max(100, BANK_DATA_MESSAGES.q).optional(),
          page: z
            .string(BANK_DATA_MESSAGES.page)
            .regex(/^[1-9]\d{0,5}$/, BANK_DATA_MESSAGES.page)
            .optional(),
        }),
      },
      responses: { 200: { description: 'One page', content: { 'application/json': { schema: OverviewSchema } } } },
    }),
    async (c) => {
      const { tab = 'groups', q = '', page: pageText = '1' } = c.req.valid('query');
      const page = Number(pageText);
      // Public data read as the login role: the loads table is not app_user's, and nothing here is private.
      const db = deps.database.db;
      const [rows, summary] = await Promise.all([LISTS[tab](db, { q, page }), summaryOf(db)]);
      return c.json(
        {
          tab,
          q,
          page,
          pageSize: BANK_DATA_PAGE_SIZE,
          total: rows[0]?.total ?? 0,
          ...summary,
          rows: rows.map(rowJson),
        },
        200,
      );
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'admin',
      method: 'patch',
      path: '/api/admin/bank-data/{table}/{id}',
      summary:
        'Edit a banking data row by hand: marked as the admin’s (a later import that would change it queues a review item instead), and savers see it at once',
      request: {
        params: TableParams,
        body: { content: { 'application/json': { schema: BankDataEditSchema } }, required: true },
      },
      responses: {
        200: {
          description: 'The row as edited',
          content: { 'application/json': { schema: z.object({ row: BankDataRowSchema }) } },
        },
        404: { description: 'No such row' },
      },
    }),
    async (c) => {
      const { table, id } = c.req.valid('param');
      const tx = txOf(c);
      await editRow(tx, table, id, c.req.valid('json'), sessionOf(c).userId);
      const [row] = await LISTS[table](tx, { q: '', page: 1, id });
      return c.json({ row: rowJson(row!) }, 200);
    },
  );

  return app;
}
