/**
 * `npm run bench:import`: how long the banking data importer takes (issue 27: "imports of
 * thousands of rows finish in seconds ... goal: 10× set under 10 s on PostgreSQL"). In a throwaway
 * database on the DATABASE_URL server (dropped afterwards), migrated and empty of reference data,
 * it times: a sync of the shipped data (every row new), a preview of it (every row unchanged), and
 * a sync of a synthetic source ten times its size (the shipped rows and nine copies under other
 * FRNs, names and references), which inserts the nine copies and finds the shipped rows unchanged.
 *
 * Overrides: BENCH_COPIES (10: the synthetic source's size, in shipped sets), BENCH_TARGET_S (10).
 * Exit code: 0 PASS; 1 invalid (a run did not do what it should); 2 FAIL.
 */
import { sql } from 'drizzle-orm';
import { calendarDateInLondon } from '../src/core/dates/calendar-date.ts';
import type { RawTab } from '../src/core/reference-data/import/contract.ts';
import { exportImportTabs } from '../src/core/reference-data/import/export-source.ts';
import { loadReferenceData } from '../src/core/reference-data/reference-data.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { migrate } from '../src/server/db/migrate.ts';
import { createLogger } from '../src/server/logger.ts';
import { readReferenceFiles } from '../src/server/reference/files.ts';
import { type ImportReport, runImport } from '../src/server/reference/import/run-import.ts';
import { referenceTableRows } from '../src/server/reference/rows.ts';
import { Cleanup, runBench } from './lib/cleanup.ts';
import { createThrowawayDatabase } from './lib/postgres.ts';
import { int, printTable } from './lib/report.ts';
import { loadSettings, SettingsError } from './lib/settings.ts';

const COPIES = Number(process.env.BENCH_COPIES ?? 10);
const TARGET_S = Number(process.env.BENCH_TARGET_S ?? 10);
const ADMIN_ID = 'bench-admin';

const cleanup = new Cleanup();

function shippedTabs(): RawTab[] {
  const result = loadReferenceData(readReferenceFiles());
  if (!result.ok) throw new Error('The shipped reference data does not load');
  return exportImportTabs(referenceTableRows(result.loaded.data));
}

/**
 * Copy k of the shipped tabs: every licence under a new 7-digit FRN (k, then the FRN's last six
 * digits), every brand, provider and reference renamed with k, so no row is the same as another.
 */
function copyOf(tabs: RawTab[], k: number): RawTab[] {
  const frn = (value: string) => (/^\d{6,7}$/.test(value) ? `${k}${value.padStart(7, '0').slice(-6)}` : value);
  const renamed: Record<string, (value: string) => string> = {
    FRN: frn,
    'Banking group FRN': frn,
    'FCA reference': frn,
    'Licence ID': (v) => (v === '' ? v : `${v}-copy-${k}`),
    'Brand name': (v) => (v === '' ? v : `${v} (copy ${k})`),
    'Everyday names': () => '',
    'HMRC reference': (v) => `Z${k}${v.slice(1).padStart(5, '0')}`,
    'Platform name': (v) => `${v} (copy ${k})`,
    'Provider name': (v) => `${v} (copy ${k})`,
  };
  return tabs.map((tab) => ({
    ...tab,
    rows: tab.rows.map((row) => row.map((cell, i) => renamed[tab.headers[i]!]?.(cell) ?? cell)),
  }));
}

function merged(sets: RawTab[][]): RawTab[] {
  return sets[0]!.map((tab) => ({ ...tab, rows: sets.flatMap((set) => set.find((t) => t.tab === tab.tab)!.rows) }));
}

async function main(): Promise<number> {
  const settings = loadSettings(process.env, { postgresOnly: true });
  if (!Number.isInteger(COPIES) || COPIES < 2)
    throw new SettingsError(`BENCH_COPIES: expected a whole number of at least 2, got "${process.env.BENCH_COPIES}"`);
  const quiet = createLogger('silent');
  const throwaway = await createThrowawayDatabase(settings.databaseUrl!);
  cleanup.add('drop the throwaway database', throwaway.drop);
  const database = await openDatabase({ databaseUrl: throwaway.url, poolMax: 4, logger: quiet });
  cleanup.add('close the database', () => database.close());
  await migrate(database);
  await database.db.execute(
    sql`insert into "user" (id, name, email, email_confirmed_at) values (${ADMIN_ID}, 'Bench admin', 'bench.admin@example.com', now())`,
  );
  const version = String(
    (
      (await database.db.execute(sql`select current_setting('server_version') as v`)) as unknown as {
        rows: { v: string }[];
      }
    ).rows[0]?.v ?? '?',
  );

  const shipped = shippedTabs();
  const synthetic = merged([shipped, ...Array.from({ length: COPIES - 1 }, (_, i) => copyOf(shipped, i + 1))]);
  const rowsOf = (tabs: RawTab[]) => tabs.reduce((n, t) => n + t.rows.length, 0);
  const today = calendarDateInLondon(new Date());
  console.log(
    `SavvyPig banking data import benchmark — Node ${process.version}, PostgreSQL ${version}; shipped source ${int(rowsOf(shipped))} rows, synthetic ${int(rowsOf(synthetic))} rows (${COPIES}×)`,
  );

  const timed = async (label: string, mode: 'preview' | 'sync', tabs: RawTab[]) => {
    const started = performance.now();
    const report = await runImport(database, {
      mode,
      source: { kind: 'xlsx', name: label, tabs },
      adminId: ADMIN_ID,
      today,
    });
    return { label, report, seconds: (performance.now() - started) / 1000 };
  };
  const runs = [
    await timed('shipped data, first sync (all new)', 'sync', shipped),
    await timed('shipped data, preview (all unchanged)', 'preview', shipped),
    await timed(`${COPIES}× synthetic, sync`, 'sync', synthetic),
  ];
  const summary = (r: ImportReport) => r.totals;
  printTable(
    ['run', 'rows read', 'inserted', 'updated', 'unchanged', 'review', 'invalid', 'groups', 'time'],
    runs.map(({ label, report, seconds }) => {
      const t = summary(report);
      return [
        label,
        int(t.processed),
        int(t.inserted),
        int(t.updated),
        int(t.unchanged),
        int(t.review),
        int(t.invalid),
        int(t.bankingGroupsUpdated),
        `${seconds.toFixed(2)} s`,
      ];
    }),
    [false, true, true, true, true, true, true, true, true],
  );

  const [first, preview, big] = runs as [(typeof runs)[0], (typeof runs)[0], (typeof runs)[0]];
  const failedTabs = runs.flatMap((r) =>
    r.report.tabs.filter((t) => t.status !== 'done').map((t) => `${r.label}: ${t.tab} ${t.error}`),
  );
  const valid =
    failedTabs.length === 0 &&
    runs.every((r) => r.report.totals.invalid === 0) &&
    preview.report.totals.inserted + preview.report.totals.updated + preview.report.totals.review === 0 &&
    big.report.totals.inserted === first.report.totals.inserted * (COPIES - 1) &&
    big.report.totals.review === 0;
  if (!valid) {
    console.error(`INVALID: a run did not do what it should. ${failedTabs.join('; ')}`);
    console.error(
      JSON.stringify(
        runs.map((r) => ({ label: r.label, totals: r.report.totals, errors: r.report.errors.slice(0, 5) })),
      ),
    );
    return 1;
  }
  const pass = big.seconds <= TARGET_S;
  console.log(
    `${pass ? 'PASS' : 'FAIL'}: the ${COPIES}× synthetic source (${int(rowsOf(synthetic))} rows) synced in ${big.seconds.toFixed(2)} s (target ≤ ${TARGET_S} s) on PostgreSQL ${version}`,
  );
  return pass ? 0 : 2;
}

runBench(main, cleanup, (err) => err instanceof SettingsError);
