import { CircleCheck, CircleX, FileSpreadsheet, Info, Loader2 } from 'lucide-react';
import { useId, useState } from 'react';
import { IMPORT_TABS, type ImportTab } from '../../../core/reference-data/import/contract.ts';
import { Alert, AlertDescription, AlertTitle } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card.tsx';
import { Input, NativeSelect } from '../../ui/input.tsx';
import { Label } from '../../ui/label.tsx';
import {
  type ImportReport,
  type ImportRequest,
  type SheetsCheck,
  type SheetsCheckResult,
  useRunImport,
  useSheetsCheck,
  useSheetsHealth,
} from './api.ts';
import { FRESH_SYNC } from '../../../core/reference-data/import/danger-zone.ts';
import { DangerZone, WHAT_SAVERS_SEE } from './danger-zone.tsx';
import { ImportReportView } from './import-report-view.tsx';
import { ImportRuns } from './import-runs.tsx';
import { TypedConfirmationDialog } from './typed-confirmation-dialog.tsx';

const CHECK_LABELS: Record<SheetsCheck, string> = {
  health: 'Health',
  'verify-secrets': 'Verify Secrets',
  'test-google-api': 'Test Google API',
};

interface SheetsAction {
  label: string;
  mode: ImportReport['mode'];
  tabs?: ImportTab[];
  /** What the result is headed with. */
  title: string;
}

const SHEETS_ACTIONS: SheetsAction[] = [
  { label: 'Preview', mode: 'preview', title: 'Preview of the Google Sheet (all tabs)' },
  { label: 'Sync (Test)', mode: 'sync', tabs: ['Banks'], title: 'Sync from the Google Sheet: Banks tab only' },
  { label: 'Sync (Full)', mode: 'sync', title: 'Sync from the Google Sheet: all tabs' },
];

const ENHANCED: SheetsAction = {
  label: 'Enhanced sync: Banks + ISAs + Pensions',
  mode: 'sync',
  tabs: ['Banks', 'ISAs', 'Pensions'],
  title: 'Enhanced sync from the Google Sheet: Banks, ISAs and Pensions',
};

const UPLOAD_ACTIONS: Record<ImportReport['mode'], { label: string; what: string }> = {
  preview: { label: 'Preview upload', what: 'Preview of' },
  sync: { label: 'Sync upload', what: 'Sync from' },
  'fresh-sync': { label: 'Fresh Sync upload', what: 'Fresh Sync (all data cleared, then imported) from' },
};

type Outcome = { title: string; report: ImportReport } | { title: string; error: string };

/** The Google Sheets Sync tab (002 §2): diagnostics, the Sheet's actions, an upload, the result and the runs. */
export function SheetsSyncPanel() {
  const health = useSheetsHealth();
  const check = useSheetsCheck();
  const runImport = useRunImport();
  const [checks, setChecks] = useState<Partial<Record<SheetsCheck, SheetsCheckResult | { error: string }>>>({});
  const [running, setRunning] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const busy = check.isPending || runImport.isPending;

  const runCheck = (which: SheetsCheck) => {
    setRunning(CHECK_LABELS[which]);
    check.mutate(which, {
      onSuccess: (result) => setChecks((all) => ({ ...all, [which]: result })),
      onError: (error) => setChecks((all) => ({ ...all, [which]: { error: error.message } })),
      onSettled: () => setRunning(null),
    });
  };

  const run = (label: string, title: string, request: ImportRequest) => {
    setRunning(label);
    setOutcome(null);
    runImport.mutate(request, {
      onSuccess: (report) => setOutcome({ title, report }),
      // The spec's words for a sync that did not happen (002 §8): 'Sync failed: {message}'.
      onError: (error) =>
        setOutcome({ title, error: request.mode === 'preview' ? error.message : `Sync failed: ${error.message}` }),
      onSettled: () => setRunning(null),
    });
  };

  const sheetsReason = health.isPending
    ? 'Checking whether Google Sheets is configured...'
    : health.isError
      ? `Google Sheets’ health could not be read: ${health.error.message}`
      : health.data.ok
        ? null
        : health.data.message;
  const sheetsDisabled = busy || sheetsReason !== null;
  const reasonId = useId();

  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader className="px-4 sm:px-6">
          <CardTitle>Google Sheet</CardTitle>
          <CardDescription>
            Reads the Banks, ISAs and Pensions tabs of the configured sheet. Preview writes nothing; a sync applies new
            and plain updates and sends licence and cover changes, conflicts and missing rows to the review queue.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5 px-4 sm:px-6">
          <div className="grid gap-2">
            <h3 className="text-sm font-semibold">Diagnostics</h3>
            <div className="flex flex-wrap gap-2">
              {(Object.keys(CHECK_LABELS) as SheetsCheck[]).map((which) => (
                <Button key={which} variant="outline" size="sm" disabled={busy} onClick={() => runCheck(which)}>
                  {running === CHECK_LABELS[which] ? <Loader2 className="animate-spin" aria-hidden /> : null}
                  {CHECK_LABELS[which]}
                </Button>
              ))}
            </div>
            <ul aria-label="Diagnostics results" className="grid gap-2 empty:hidden">
              {(Object.keys(CHECK_LABELS) as SheetsCheck[]).flatMap((which) => {
                const result = checks[which];
                if (!result) return [];
                const ok = 'ok' in result && result.ok;
                const message = 'error' in result ? `The check could not run: ${result.error}` : result.message;
                return [
                  <li key={which} className="flex gap-2 text-sm">
                    {ok ? (
                      <CircleCheck className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
                    ) : (
                      <CircleX className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
                    )}
                    <span className="[overflow-wrap:anywhere]">
                      <span className="font-medium">
                        {CHECK_LABELS[which]}: {ok ? 'OK' : 'Not OK'}.
                      </span>{' '}
                      {message}
                    </span>
                  </li>,
                ];
              })}
            </ul>
          </div>

          <div className="grid gap-2">
            <h3 className="text-sm font-semibold">Sync from the sheet</h3>
            {sheetsReason && !health.isPending ? (
              <Alert variant="warning" id={reasonId}>
                <Info aria-hidden />
                <AlertTitle>The Google Sheet cannot be used yet</AlertTitle>
                <AlertDescription className="[overflow-wrap:anywhere]">
                  <p>{sheetsReason}</p>
                  <p>Uploading a workbook or CSV file below works without it.</p>
                </AlertDescription>
              </Alert>
            ) : null}
            <div className="flex flex-wrap gap-2">
              {SHEETS_ACTIONS.map((action) => (
                <Button
                  key={action.label}
                  variant={action.mode === 'preview' ? 'outline' : 'secondary'}
                  disabled={sheetsDisabled}
                  aria-describedby={sheetsReason ? reasonId : undefined}
                  onClick={() =>
                    run(action.label, action.title, {
                      source: 'sheets',
                      mode: action.mode,
                      ...(action.tabs ? { tabs: action.tabs } : {}),
                    })
                  }
                >
                  {running === action.label ? <Loader2 className="animate-spin" aria-hidden /> : null}
                  {action.label}
                </Button>
              ))}
            </div>
            <div>
              <Button
                disabled={sheetsDisabled}
                aria-describedby={sheetsReason ? reasonId : undefined}
                onClick={() =>
                  run(ENHANCED.label, ENHANCED.title, { source: 'sheets', mode: 'sync', tabs: ENHANCED.tabs })
                }
                className="whitespace-normal"
              >
                {running === ENHANCED.label ? <Loader2 className="animate-spin" aria-hidden /> : null}
                {ENHANCED.label}
              </Button>
            </div>
          </div>
        </CardContent>
      </Card>

      <UploadCard busy={busy} running={running} onRun={run} />

      <DangerZone
        busy={busy}
        sheetsReason={sheetsReason}
        reasonId={reasonId}
        onFreshSync={(confirmation) =>
          run('Fresh Sync', 'Fresh Sync from the Google Sheet: all data cleared, then imported', {
            source: 'sheets',
            mode: 'fresh-sync',
            confirmation,
          })
        }
      />

      {busy && running ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Loader2 className="size-4 animate-spin" aria-hidden />
          {running}: running...
        </p>
      ) : null}

      {outcome ? (
        'error' in outcome ? (
          <Alert variant="destructive" role="alert">
            <CircleX aria-hidden />
            <AlertTitle>{outcome.title}: not done</AlertTitle>
            <AlertDescription className="[overflow-wrap:anywhere]">
              <p>{outcome.error}</p>
            </AlertDescription>
          </Alert>
        ) : (
          <ImportReportView title={outcome.title} report={outcome.report} />
        )
      ) : null}

      <ImportRuns />
    </div>
  );
}

function UploadCard({
  busy,
  running,
  onRun,
}: {
  busy: boolean;
  running: string | null;
  onRun: (label: string, title: string, request: ImportRequest) => void;
}) {
  const ids = useId();
  const [file, setFile] = useState<File | null>(null);
  const [askingFresh, setAskingFresh] = useState(false);
  const [tab, setTab] = useState<ImportTab | ''>('');
  const isCsv = file !== null && !/\.xlsx$/i.test(file.name);
  const missing =
    file === null ? 'Choose a file first.' : isCsv && tab === '' ? 'Say which tab this CSV file is.' : null;

  const start = (mode: ImportReport['mode'], confirmation?: string) => {
    if (!file) return;
    const { label, what } = UPLOAD_ACTIONS[mode];
    const title = `${what} ${file.name}${isCsv && tab ? ` (${tab})` : ''}`;
    onRun(label, title, {
      source: 'upload',
      mode,
      file,
      ...(isCsv && tab ? { tab } : {}),
      ...(confirmation !== undefined ? { confirmation } : {}),
    });
  };

  return (
    <Card>
      <CardHeader className="px-4 sm:px-6">
        <CardTitle>Upload a file</CardTitle>
        <CardDescription>
          An XLSX workbook with Banks, ISAs and Pensions sheets, or one tab as a CSV file (at most 5 MB), in the same 14
          columns as the sheet.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 px-4 sm:px-6">
        <div className="grid gap-4 sm:grid-cols-[1fr_12rem]">
          <div className="grid gap-2">
            <Label htmlFor={`${ids}-file`}>File (XLSX or CSV)</Label>
            <Input
              id={`${ids}-file`}
              type="file"
              accept=".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv"
              disabled={busy}
              className="h-auto py-1.5 file:mr-3 file:rounded file:border-0 file:bg-secondary file:px-3 file:py-1 file:text-sm file:text-secondary-foreground"
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
          </div>
          {isCsv ? (
            <div className="grid gap-2">
              <Label htmlFor={`${ids}-tab`}>Which tab is this CSV?</Label>
              <NativeSelect
                id={`${ids}-tab`}
                value={tab}
                disabled={busy}
                onChange={(e) => setTab(e.target.value as ImportTab | '')}
              >
                <option value="">Choose a tab</option>
                {IMPORT_TABS.map((t) => (
                  <option key={t} value={t}>
                    {t}
                  </option>
                ))}
              </NativeSelect>
            </div>
          ) : null}
        </div>
        {missing ? (
          <p id={`${ids}-missing`} className="flex items-center gap-2 text-sm text-muted-foreground">
            <FileSpreadsheet className="size-4 shrink-0" aria-hidden />
            {missing}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            disabled={busy || missing !== null}
            aria-describedby={missing ? `${ids}-missing` : undefined}
            onClick={() => start('preview')}
          >
            {running === 'Preview upload' ? <Loader2 className="animate-spin" aria-hidden /> : null}
            Preview upload
          </Button>
          <Button
            disabled={busy || missing !== null}
            aria-describedby={missing ? `${ids}-missing` : undefined}
            onClick={() => start('sync')}
          >
            {running === 'Sync upload' ? <Loader2 className="animate-spin" aria-hidden /> : null}
            Sync upload
          </Button>
          <Button
            variant="destructive"
            disabled={busy || missing !== null}
            aria-describedby={missing ? `${ids}-missing` : undefined}
            onClick={() => setAskingFresh(true)}
          >
            {running === 'Fresh Sync upload' ? <Loader2 className="animate-spin" aria-hidden /> : null}
            Fresh Sync upload
          </Button>
        </div>
        <TypedConfirmationDialog
          open={askingFresh}
          title="Fresh Sync from this file?"
          warning="This will clear ALL existing bank data and import fresh data from this file. Are you sure?"
          phrase={FRESH_SYNC.phrase}
          actionLabel="Fresh Sync"
          onClose={() => setAskingFresh(false)}
          onConfirm={(typed) => {
            setAskingFresh(false);
            start('fresh-sync', typed);
          }}
        >
          {WHAT_SAVERS_SEE} The workbook needs all three sheets: Banks, ISAs and Pensions.
        </TypedConfirmationDialog>
      </CardContent>
    </Card>
  );
}
