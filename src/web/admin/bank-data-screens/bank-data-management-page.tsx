import { FileSpreadsheet, Upload } from 'lucide-react';
import { Link } from 'react-router';
import { BANKS_COLUMNS, ISAS_COLUMNS, PENSIONS_COLUMNS } from '../../../core/reference-data/import/source-format.ts';
import { paths } from '../../app/paths.ts';
import { buttonVariants } from '../../ui/button-variants.ts';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/tabs.tsx';
import { BankingDataScreen } from './banking-data-screen.tsx';
import { AdminHeader } from '../admin-header.tsx';

export const BANK_DATA_MANAGEMENT_SUBTITLE = 'Manage banking groups and bank references with FRN information';

const SOURCE_TABS = [
  { tab: 'Banks', columns: BANKS_COLUMNS, about: 'One row per brand, with the licence (FRN) it sits under.' },
  { tab: 'ISAs', columns: ISAS_COLUMNS, about: 'One row per HMRC-registered ISA manager.' },
  { tab: 'Pensions', columns: PENSIONS_COLUMNS, about: 'One row per pension provider.' },
] as const;

/**
 * /admin/bank-data-management (002 §2): the Bank Data Management page, with tabs Data (the banking
 * data admin screen) and Spreadsheet Entry (how the spreadsheet is laid out, and the way to the
 * importer at /admin/bank-data; rows are entered in the spreadsheet, not here).
 */
export function BankDataManagementPage() {
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 md:py-10">
      <AdminHeader title="Bank Data Management" description={BANK_DATA_MANAGEMENT_SUBTITLE} showBackToSettings />
      <Tabs defaultValue="data" className="mt-6">
        <TabsList aria-label="Bank data management">
          <TabsTrigger value="data">Data</TabsTrigger>
          <TabsTrigger value="spreadsheet">Spreadsheet Entry</TabsTrigger>
        </TabsList>
        <TabsContent value="data">
          <BankingDataScreen />
        </TabsContent>
        <TabsContent value="spreadsheet">
          <SpreadsheetEntry />
        </TabsContent>
      </Tabs>
    </div>
  );
}

function SpreadsheetEntry() {
  return (
    <div className="grid gap-6">
      <section className="rounded-xl border bg-card p-4 text-card-foreground sm:p-6">
        <div className="flex items-start gap-3">
          <FileSpreadsheet className="mt-0.5 size-6 shrink-0 text-brand" aria-hidden />
          <div className="grid gap-2">
            <h2 className="text-lg font-semibold">Spreadsheet Data Entry</h2>
            <p className="text-muted-foreground">
              New banks, licence moves and corrections in bulk are made in the banking data spreadsheet, then brought in
              by the importer: the Google Sheet, or the workbook uploaded as XLSX (or one tab as CSV). Preview shows
              what would change before anything is written; rows you edited by hand here are never overwritten, their
              differences go to the review queue.
            </p>
            <div>
              <Link to={paths.adminBankData()} className={buttonVariants({ variant: 'default' })}>
                <Upload aria-hidden />
                Open the importer
              </Link>
            </div>
          </div>
        </div>
      </section>
      <section aria-labelledby="spreadsheet-format" className="grid gap-3">
        <h2 id="spreadsheet-format" className="text-lg font-semibold">
          The spreadsheet’s format
        </h2>
        <p className="text-muted-foreground">
          Three tabs, each with these 14 columns in row 1 (any order, any case). Lists are separated by “; ”, confidence
          scores are whole numbers from 0 to 100, dates are yyyy-mm-dd, and an FRN is 6 or 7 digits.
        </p>
        <div className="grid gap-3 md:grid-cols-3">
          {SOURCE_TABS.map(({ tab, columns, about }) => (
            <section key={tab} aria-label={`${tab} tab`} className="rounded-lg border p-4">
              <h3 className="font-semibold">{tab}</h3>
              <p className="mt-1 text-sm text-muted-foreground">{about}</p>
              <ol className="mt-2 list-decimal pl-5 text-sm">
                {columns.map((column) => (
                  <li key={column}>{column}</li>
                ))}
              </ol>
            </section>
          ))}
        </div>
      </section>
    </div>
  );
}
