import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, TriangleAlert } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import {
  type LatestStatement,
  previewRows,
  rowsToImport,
  type PreviewRow,
} from '../../core/transaction-import/preview.ts';
import { MAX_IMPORT_ROWS, readRows, tooManyRowsMessage } from '../../core/transaction-import/rows.ts';
import { type ColumnMapping, guessMapping, type ImportTable } from '../../core/transaction-import/table.ts';
import { accountKeys } from '../accounts/query-keys.ts';
import { ApiError } from '../app/api.ts';
import { notify } from '../app/notify.ts';
import { paths } from '../app/paths.ts';
import { Alert, AlertDescription, AlertTitle } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { cn } from '../ui/cn.ts';
import { importTransactions, previewImport, useAccountName } from './api.ts';
import { ChooseFileStep } from './choose-file-step.tsx';
import { MapColumnsStep } from './map-columns-step.tsx';
import { PreviewStep } from './preview-step.tsx';

/** The spec's transaction texts (001 §8). */
export const IMPORT_TEXT = {
  added: (count: number) => `${count} transaction(s) added successfully`,
  failed: 'Failed to add transaction(s)',
  nothingAdded: 'No transactions were added: every row was already on the account',
} as const;

type Stage =
  | { step: 'file' }
  | { step: 'map'; table: ImportTable; source: string; mapping: ColumnMapping }
  | {
      step: 'preview';
      table: ImportTable;
      source: string;
      mapping: ColumnMapping;
      preview: PreviewRow[];
      latestStatement: LatestStatement | null;
    };

const STEPS = [
  { id: 'file', label: 'Choose a file' },
  { id: 'map', label: 'Match columns' },
  { id: 'preview', label: 'Check and import' },
] as const;

function Steps({ current }: { current: Stage['step'] }) {
  const index = STEPS.findIndex((s) => s.id === current);
  return (
    <ol className="flex flex-wrap gap-x-6 gap-y-2 text-sm" aria-label="Steps">
      {STEPS.map((step, i) => (
        <li
          key={step.id}
          className={cn(
            'flex items-center gap-2',
            i === index ? 'font-medium text-foreground' : 'text-muted-foreground',
          )}
          aria-current={i === index ? 'step' : undefined}
        >
          <span
            aria-hidden
            className={cn(
              'flex size-6 items-center justify-center rounded-full border text-xs tabular-nums',
              i === index && 'border-primary bg-primary text-primary-foreground',
              i < index && 'border-primary text-brand',
            )}
          >
            {i + 1}
          </span>
          <span>
            <span className="sr-only">Step {i + 1}: </span>
            {step.label}
            {i < index ? <span className="sr-only"> (done)</span> : null}
          </span>
        </li>
      ))}
    </ol>
  );
}

function failureMessage(error: unknown): string {
  return error instanceof ApiError || error instanceof Error ? error.message : String(error);
}

/** /account/{id}/import: a bank's CSV file → columns matched → rows checked → imported in one go. */
export function ImportPage() {
  const { id: accountId = '' } = useParams();
  const accountName = useAccountName(accountId);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [stage, setStage] = useState<Stage>({ step: 'file' });
  const [skipDuplicates, setSkipDuplicates] = useState(true);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const backTo = `${paths.account(accountId)}#transactions`;

  // Each step's heading takes focus, so keyboard and screen reader users start at the top of it.
  const firstRender = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new step, not a new render, moves the focus.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [stage.step]);

  const check = async (table: ImportTable, source: string, mapping: ColumnMapping) => {
    setFailure(null);
    const readings = readRows(table, mapping);
    const readable = readings.flatMap((r) => (r.ok ? [r.row] : []));
    if (readable.length > MAX_IMPORT_ROWS) {
      setFailure(tooManyRowsMessage(readable.length));
      return;
    }
    setBusy(true);
    try {
      const { duplicates, latestStatement } =
        readable.length > 0 ? await previewImport(accountId, readable) : { duplicates: [], latestStatement: null };
      setStage({
        step: 'preview',
        table,
        source,
        mapping,
        preview: previewRows(readings, duplicates),
        latestStatement,
      });
    } catch (error) {
      console.error('Failed to check the transactions for duplicates', error);
      setFailure(failureMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const runImport = async (preview: PreviewRow[]) => {
    setFailure(null);
    setBusy(true);
    try {
      const { imported } = await importTransactions(accountId, rowsToImport(preview, skipDuplicates), skipDuplicates);
      void queryClient.invalidateQueries({ queryKey: accountKeys.account(accountId) });
      void queryClient.invalidateQueries({ queryKey: accountKeys.list });
      if (imported > 0) notify.success(IMPORT_TEXT.added(imported));
      else notify.info(IMPORT_TEXT.nothingAdded);
      navigate(backTo);
    } catch (error) {
      console.error(IMPORT_TEXT.failed, error);
      notify.error(IMPORT_TEXT.failed);
      setFailure(failureMessage(error));
      setBusy(false);
    }
  };

  const stepHeading = { file: 'Choose a file', map: 'Match the columns', preview: 'Check and import' }[stage.step];

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6 md:py-10">
      <Button asChild variant="ghost" size="sm" className="-ml-3">
        <Link to={backTo}>
          <ArrowLeft aria-hidden />
          Back to {accountName ?? 'the account'}
        </Link>
      </Button>
      <h1 className="mt-3 text-3xl font-bold tracking-tight sm:text-4xl">Import transactions</h1>
      <p className="mt-2 text-muted-foreground">
        {accountName ? (
          <>
            Add transactions to <span className="font-medium text-foreground">{accountName}</span> from your bank's CSV
            file.
          </>
        ) : (
          "Add transactions to this account from your bank's CSV file."
        )}{' '}
        Rows already on the account are found and left out.
      </p>

      <div className="mt-6">
        <Steps current={stage.step} />
      </div>

      <section
        aria-labelledby="step-heading"
        className="mt-6 rounded-xl border bg-card p-5 text-card-foreground shadow-sm sm:p-6"
      >
        <h2 id="step-heading" ref={headingRef} tabIndex={-1} className="mb-5 text-xl font-semibold outline-none">
          {stepHeading}
        </h2>

        {failure ? (
          <Alert variant="destructive" role="alert" className="mb-5">
            <TriangleAlert aria-hidden />
            <AlertTitle>
              {stage.step === 'preview' ? IMPORT_TEXT.failed : 'We could not check the transactions'}
            </AlertTitle>
            <AlertDescription>{failure}</AlertDescription>
          </Alert>
        ) : null}

        {stage.step === 'file' ? (
          <ChooseFileStep
            onRead={(table, source) =>
              setStage({ step: 'map', table, source, mapping: guessMapping(table.header, table.rows) })
            }
          />
        ) : stage.step === 'map' ? (
          <MapColumnsStep
            table={stage.table}
            source={stage.source}
            initial={stage.mapping}
            busy={busy}
            onBack={() => {
              setFailure(null);
              setStage({ step: 'file' });
            }}
            onContinue={(mapping) => void check(stage.table, stage.source, mapping)}
          />
        ) : (
          <PreviewStep
            preview={stage.preview}
            latestStatement={stage.latestStatement}
            skipDuplicates={skipDuplicates}
            onSkipDuplicatesChange={setSkipDuplicates}
            busy={busy}
            onBack={() => {
              setFailure(null);
              setStage({ step: 'map', table: stage.table, source: stage.source, mapping: stage.mapping });
            }}
            onImport={() => void runImport(stage.preview)}
          />
        )}
      </section>
    </div>
  );
}
