/** The importer's answers as the API documents them (run-import.ts's `ImportReport`, a run's row). */
import { CHANGE_STATES } from '../../../core/reference-data/import/change-detection.ts';
import { IMPORT_TABLES, IMPORT_TABS } from '../../../core/reference-data/import/contract.ts';
import { z } from '../../http/route.ts';

const counts = {
  processed: z.number().int(),
  inserted: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  review: z.number().int().openapi({ description: 'Sent to the admin review queue' }),
  invalid: z.number().int(),
  errors: z.number().int(),
  bankingGroupsUpdated: z.number().int(),
  withdrawn: z
    .number()
    .int()
    .openapi({ description: 'Brands or providers withdrawn first (Fresh Sync); 0 for a preview or sync' }),
};

export const TabResultSchema = z
  .object({
    tab: z.enum(IMPORT_TABS),
    status: z.enum(['done', 'failed', 'not-run']),
    ...counts,
    error: z.string().nullable(),
  })
  .openapi('BankDataTabResult');

export const ImportReportSchema = z
  .object({
    mode: z.enum(['preview', 'sync', 'fresh-sync']),
    runId: z.string().nullable().openapi({ description: 'Null for a preview: it writes nothing' }),
    tabs: z.array(TabResultSchema),
    totals: z.object(counts),
    errors: z.array(
      z.object({
        tab: z.enum(IMPORT_TABS),
        rowNumber: z.number().int().openapi({ description: 'As the sheet numbers it: the header is row 1' }),
        id: z.string().nullable(),
        table: z.enum(IMPORT_TABLES),
        messages: z.array(z.string()),
      }),
    ),
    changes: z
      .array(
        z.object({
          tab: z.enum(IMPORT_TABS),
          table: z.enum(IMPORT_TABLES),
          id: z.string(),
          label: z.string(),
          state: z.enum(CHANGE_STATES),
          decision: z.enum(['apply', 'review', 'none']),
          changedFields: z.array(z.string()),
          changesCoverage: z.boolean(),
        }),
      )
      .openapi({ description: 'Every row that is not unchanged (at most 1,000)' }),
    diagnostics: z.array(
      z.object({
        tab: z.enum(IMPORT_TABS),
        rowCount: z.number().int(),
        headers: z.array(z.string()),
        sampleRows: z.array(z.array(z.string())),
      }),
    ),
    accountsNotInData: z.number().int().nullable().openapi({
      description: 'After a Fresh Sync, the accounts whose bank or provider is not in the data (null otherwise)',
    }),
  })
  .openapi('BankDataImportReport');

export const ClearReportSchema = z
  .object({
    runId: z.string(),
    tabs: z.array(z.object({ tab: z.enum(IMPORT_TABS), withdrawn: z.number().int() })),
    reviewItemsRejected: z.number().int().openapi({ description: 'Pending review items about the data, now moot' }),
    accountsNotInData: z
      .number()
      .int()
      .openapi({ description: 'Accounts whose bank or provider is not in the data now (they keep its name)' }),
  })
  .openapi('BankDataClearReport');

export const ImportRunSchema = z
  .object({
    id: z.string(),
    startedBy: z.string().nullable().openapi({ description: 'The admin’s e-mail address' }),
    source: z.string(),
    sourceName: z.string().nullable(),
    mode: z.string(),
    tabs: z.array(z.string()),
    status: z.string(),
    results: z.unknown(),
    errorCount: z.number().int(),
    startedAt: z.string(),
    finishedAt: z.string().nullable(),
  })
  .openapi('BankDataImportRun');
