/**
 * The banking data importer's API (002 §2, issue 27), admins only: preview or sync an uploaded
 * XLSX workbook or CSV tab, or the configured Google Sheet; the runs so far; the Sheets panel's
 * diagnostics. A route reads no reference data in a request transaction of its own: the import
 * runs one transaction per tab (run-import.ts). exceljs and the Google client are loaded on the
 * first import, not at start.
 */
import { desc, inArray } from 'drizzle-orm';
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { calendarDateInLondon } from '../../../core/dates/calendar-date.ts';
import { IMPORT_TABS, type ImportTab, type RawTab } from '../../../core/reference-data/import/contract.ts';
import { CLEAR_ALL, confirms, FRESH_SYNC } from '../../../core/reference-data/import/danger-zone.ts';
import { withActor } from '../../db/rls.ts';
import { referenceImportRuns, user } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { sessionOf } from '../../http/access.ts';
import type { AppEnv, Deps } from '../../http/context.ts';
import { createRouter, defineRoute, z } from '../../http/route.ts';
import { clearReferenceData } from './clear-data.ts';
import { ClearReportSchema, ImportReportSchema, ImportRunSchema } from './report-schema.ts';
import { type ImportMode, type ImportSourceKind, runImport } from './run-import.ts';

export const IMPORT_UPLOAD_PATH = '/api/admin/bank-data/import';
const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** Room for the multipart framing around a file of the largest allowed size. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

export const IMPORT_MESSAGES = {
  noFile: 'Choose an XLSX workbook or a CSV file to import',
  tooLarge: 'The file is larger than 5 MB; the banking data needs far less',
  mode: 'mode must be preview, sync or fresh-sync',
  csvTab: 'Say which tab this CSV file is: Banks, ISAs or Pensions',
  noTabs: 'The workbook has none of the Banks, ISAs and Pensions sheets',
} as const;

const ModeSchema = z.enum(['preview', 'sync', 'fresh-sync'], IMPORT_MESSAGES.mode);
const TabSchema = z.enum(IMPORT_TABS, IMPORT_MESSAGES.csvTab);

const Upload = z
  .object({
    file: z.any().optional().openapi({ type: 'string', format: 'binary', description: 'XLSX or CSV, at most 5 MB' }),
    mode: z.string().optional().openapi({
      description: 'preview (writes nothing), sync, or fresh-sync (withdraws all the data first; needs confirmation)',
    }),
    confirmation: z
      .string()
      .optional()
      .openapi({ description: `For fresh-sync: the words '${FRESH_SYNC.phrase}'` }),
    tab: z.string().optional().openapi({ description: 'For a CSV file: Banks, ISAs or Pensions' }),
  })
  .openapi('BankDataUpload');

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

/** The uploaded file as the source's tabs: a workbook by its bytes, anything else as one CSV tab. */
async function uploadedSource(
  c: Context<AppEnv>,
): Promise<{ mode: ImportMode; kind: ImportSourceKind; name: string; tabs: RawTab[] }> {
  const form = await c.req.parseBody();
  const mode = ModeSchema.safeParse(form.mode);
  if (!mode.success) throw new AppError('VALIDATION_FAILED', IMPORT_MESSAGES.mode, { field: 'mode' });
  refuseUnconfirmedFreshSync(mode.data, typeof form.confirmation === 'string' ? form.confirmation : null);
  const file = form.file;
  if (!(file instanceof File) || file.size === 0)
    throw new AppError('VALIDATION_FAILED', IMPORT_MESSAGES.noFile, { field: 'file' });
  if (file.size > MAX_UPLOAD_BYTES)
    throw new AppError('PAYLOAD_TOO_LARGE', IMPORT_MESSAGES.tooLarge, { field: 'file' });
  const bytes = new Uint8Array(await file.arrayBuffer());
  const { readCsvTab, readWorkbook } = await import('./workbook.ts');
  if (ZIP_MAGIC.every((byte, i) => bytes[i] === byte) || /\.xlsx?$/i.test(file.name)) {
    const tabs = await readWorkbook(bytes);
    if (tabs.length === 0) throw new AppError('VALIDATION_FAILED', IMPORT_MESSAGES.noTabs, { field: 'file' });
    return { mode: mode.data, kind: 'xlsx', name: file.name, tabs };
  }
  const tab = TabSchema.safeParse(form.tab);
  if (!tab.success) throw new AppError('VALIDATION_FAILED', IMPORT_MESSAGES.csvTab, { field: 'tab' });
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes).replace(/^\uFEFF/, '');
  return { mode: mode.data, kind: 'csv', name: file.name, tabs: [readCsvTab(text, tab.data)] };
}

/** A Fresh Sync withdraws all the data first: it runs only with the admin's typed words. */
function refuseUnconfirmedFreshSync(mode: ImportMode, confirmation: string | null | undefined): void {
  if (mode === 'fresh-sync' && !confirms(confirmation, FRESH_SYNC))
    throw new AppError('VALIDATION_FAILED', FRESH_SYNC.refused, { field: 'confirmation' });
}

const json = <T extends z.ZodType>(schema: T) => ({
  body: { content: { 'application/json': { schema } }, required: true },
});

const reportResponse = {
  200: {
    description: 'What the import did (sync) or would do (preview), per tab',
    content: { 'application/json': { schema: ImportReportSchema } },
  },
};

const SHEETS_CHECKS = ['health', 'verify-secrets', 'test-google-api'] as const;

export function bankDataImportRoutes(deps: Deps) {
  const app = createRouter();
  /** Runs the import as the signed-in admin, on the UK date. */
  const importAs = (c: Context<AppEnv>, mode: ImportMode, source: Parameters<typeof runImport>[1]['source']) =>
    runImport(deps.database, {
      mode,
      source,
      adminId: sessionOf(c).userId,
      today: calendarDateInLondon(deps.clock.now()),
    });
  const sheets = async () => (await import('./google-sheets.ts')).googleSheetsSourceFrom(deps.config);

  app.use(
    IMPORT_UPLOAD_PATH,
    bodyLimit({
      maxSize: MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD_BYTES,
      onError: () => {
        throw new AppError('PAYLOAD_TOO_LARGE', IMPORT_MESSAGES.tooLarge);
      },
    }),
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'admin',
      method: 'post',
      path: IMPORT_UPLOAD_PATH,
      frame: 'opening-only',
      summary: 'Preview (writes nothing) or sync the banking data from an uploaded XLSX workbook or CSV tab',
      request: { body: { content: { 'multipart/form-data': { schema: Upload } }, required: true } },
      responses: {
        ...reportResponse,
        413: { description: 'Larger than 5 MB' },
        415: { description: 'Not XLSX or CSV' },
      },
    }),
    async (c) => {
      const { mode, ...source } = await uploadedSource(c);
      return c.json(await importAs(c, mode, source), 200);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'admin',
      method: 'post',
      path: '/api/admin/bank-data/import/google-sheets',
      frame: 'opening-only',
      summary: 'Preview, sync or Fresh Sync the banking data from the configured Google Sheet (all tabs unless named)',
      request: json(
        z.strictObject({
          mode: ModeSchema,
          tabs: z.array(z.enum(IMPORT_TABS, 'tabs must be Banks, ISAs or Pensions')).min(1).optional(),
          confirmation: z
            .string()
            .max(100)
            .optional()
            .openapi({ description: `For fresh-sync: '${FRESH_SYNC.phrase}'` }),
        }),
      ),
      responses: {
        ...reportResponse,
        409: { description: 'Google Sheets is not configured on this server (the message names what to set)' },
        503: { description: 'Google did not answer, or refused (the message says what to do)' },
      },
    }),
    async (c) => {
      const { mode, tabs = [...IMPORT_TABS], confirmation } = c.req.valid('json');
      refuseUnconfirmedFreshSync(mode, confirmation);
      const configured = await sheets();
      // The server's settings, not Google, stand in the way: a 409 that says what to set.
      if (!configured.isConfigured) throw new AppError('CONFLICT', configured.message);
      const wanted = IMPORT_TABS.filter((tab: ImportTab) => tabs.includes(tab));
      const read = await configured.source.readTabs(wanted);
      const source = { kind: 'google_sheets' as const, name: configured.source.spreadsheetId, tabs: read };
      return c.json(await importAs(c, mode, source), 200);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'admin',
      method: 'post',
      path: '/api/admin/bank-data/clear',
      frame: 'opening-only',
      summary:
        'Clear All Data: withdraws every banking group, brand, ISA and pension provider in one transaction (accounts keep their bank’s name and say it is not in the data)',
      request: json(
        z.strictObject({
          confirmation: z
            .string()
            .max(100)
            .openapi({ description: `The words '${CLEAR_ALL.phrase}'` }),
        }),
      ),
      responses: {
        200: {
          description: 'What was withdrawn, and how many accounts now say their bank is not in the data',
          content: { 'application/json': { schema: ClearReportSchema } },
        },
      },
    }),
    async (c) => {
      const { confirmation } = c.req.valid('json');
      if (!confirms(confirmation, CLEAR_ALL))
        throw new AppError('VALIDATION_FAILED', CLEAR_ALL.refused, { field: 'confirmation' });
      return c.json(await clearReferenceData(deps.database, sessionOf(c).userId), 200);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'admin',
      method: 'get',
      path: '/api/admin/bank-data/import/runs',
      frame: 'opening-only',
      summary: 'The importer’s runs, newest first (at most 50): who, when, from what, and what each tab did',
      responses: {
        200: {
          description: 'Runs',
          content: { 'application/json': { schema: z.object({ runs: z.array(ImportRunSchema) }) } },
        },
      },
    }),
    async (c) => {
      const rows = await withActor(deps.database.db, { userId: sessionOf(c).userId, isAdmin: true }, (tx) =>
        tx.select().from(referenceImportRuns).orderBy(desc(referenceImportRuns.startedAt)).limit(50),
      );
      // Who ran each: the accounts table is the login role's alone (app_user has no grant on it).
      const ids = [...new Set(rows.flatMap((run) => (run.startedBy ? [run.startedBy] : [])))];
      const emails = new Map(
        ids.length === 0
          ? []
          : (
              await deps.database.db.select({ id: user.id, email: user.email }).from(user).where(inArray(user.id, ids))
            ).map((u) => [u.id, u.email]),
      );
      const runs = rows.map((run) => ({
        id: run.id,
        startedBy: run.startedBy ? (emails.get(run.startedBy) ?? null) : null,
        source: run.source,
        sourceName: run.sourceName,
        mode: run.mode,
        tabs: run.tabs,
        status: run.status,
        results: run.results,
        errorCount: Array.isArray(run.errors) ? run.errors.length : 0,
        startedAt: run.startedAt.toISOString(),
        finishedAt: run.finishedAt?.toISOString() ?? null,
      }));
      return c.json({ runs }, 200);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'admin',
      method: 'get',
      path: '/api/admin/bank-data/google-sheets/{check}',
      frame: 'opening-only',
      // test-google-api waits on Google for up to GOOGLE_SHEETS_TIMEOUT_MS.
      callsOutside: true,
      summary:
        'The Sheets panel’s diagnostics: health (what is configured), verify-secrets (the key, without the network) and test-google-api (a token and the sheet’s tabs)',
      request: {
        params: z.object({
          check: z
            .enum(SHEETS_CHECKS, 'check must be health, verify-secrets or test-google-api')
            .openapi({ param: { name: 'check', in: 'path' } }),
        }),
      },
      responses: {
        200: {
          description: 'What the check found; ok false says what to do',
          content: {
            'application/json': {
              schema: z.object({
                ok: z.boolean(),
                message: z.string(),
                details: z.record(z.string(), z.unknown()).optional(),
              }),
            },
          },
        },
      },
    }),
    async (c) => {
      const { check } = c.req.valid('param');
      const configured = await sheets();
      const diagnostics = configured.isConfigured ? configured.source : configured.diagnostics;
      const result =
        check === 'health'
          ? await diagnostics.health()
          : check === 'verify-secrets'
            ? await diagnostics.verifySecrets()
            : await diagnostics.testGoogleApi();
      return c.json(result, 200);
    },
  );

  return app;
}
