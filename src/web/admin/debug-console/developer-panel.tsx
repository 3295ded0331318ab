import { Database, Download, FlaskConical, Plus, Trash2, Upload, Users, X } from 'lucide-react';
import { useId, useState } from 'react';
import { refusalReason } from '../../app/api.ts';
import { notify } from '../../app/notify.ts';
import { Button } from '../../ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../ui/dialog.tsx';
import { FormError } from '../../ui/form-error.tsx';
import { Input, NativeSelect, Textarea } from '../../ui/input.tsx';
import { Label } from '../../ui/label.tsx';
import { SectionLoadError, SectionSkeleton } from '../../ui/section-states.tsx';
import {
  exportSystemState,
  type QueryAnswer,
  type QueryRequest,
  type QueryTables,
  useMockData,
  useMockDataActions,
  useQueryTables,
  useRunQuery,
  useTestableFunctions,
  useTestFunction,
} from './api.ts';

const reason = (error: Error) => refusalReason(error) ?? error.message;

const OP_TEXT: Record<string, string> = {
  eq: 'equals',
  neq: 'does not equal',
  lt: 'less than',
  lte: 'at most',
  gt: 'more than',
  gte: 'at least',
  contains: 'contains',
  is_null: 'is empty',
  is_not_null: 'is not empty',
};

type FilterRow = { key: number; column: string; op: string; value: string };

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return String(value);
}

function QueryResults({ answer }: { answer: QueryAnswer }) {
  return (
    <div className="grid gap-2">
      <p className="text-sm text-muted-foreground" role="status">
        {answer.rows.length} row{answer.rows.length === 1 ? '' : 's'} in {answer.durationMs} ms
      </p>
      {answer.rows.length > 0 ? (
        <div className="overflow-x-auto rounded-md border">
          <table className="w-full text-sm">
            <caption className="sr-only">Query results</caption>
            <thead className="bg-muted/50">
              <tr>
                {answer.columns.map((c) => (
                  <th key={c} scope="col" className="px-3 py-2 text-left font-medium">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {answer.rows.map((row, i) => (
                // Rows have no id of their own (a count, say): their place is their key.
                // biome-ignore lint/suspicious/noArrayIndexKey: results are replaced whole, never reordered
                <tr key={i} className="border-t">
                  {answer.columns.map((c) => (
                    <td key={c} className="px-3 py-2 align-top tabular-nums wrap-anywhere">
                      {cellText(row[c])}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}

function QueryBuilderForm({ allowList }: { allowList: QueryTables }) {
  const ids = useId();
  const first = allowList.tables[0]!;
  const [tableName, setTableName] = useState(first.name);
  const table = allowList.tables.find((t) => t.name === tableName) ?? first;
  const [columns, setColumns] = useState<string[]>(first.columns.map((c) => c.name));
  const [filters, setFilters] = useState<FilterRow[]>([]);
  const [orderColumn, setOrderColumn] = useState(first.columns[0]!.name);
  const [direction, setDirection] = useState<'asc' | 'desc'>('asc');
  const [limit, setLimit] = useState('10');
  const [error, setError] = useState<string | null>(null);
  const query = useRunQuery();

  const chooseTable = (name: string) => {
    const next = allowList.tables.find((t) => t.name === name) ?? first;
    setTableName(next.name);
    setColumns(next.columns.map((c) => c.name));
    setFilters([]);
    setOrderColumn(next.columns[0]!.name);
  };
  const columnOptions = table.columns.map((c) => (
    <option key={c.name} value={c.name}>
      {c.name}
    </option>
  ));
  const updateFilter = (key: number, change: Partial<FilterRow>) =>
    setFilters((rows) => rows.map((r) => (r.key === key ? { ...r, ...change } : r)));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const limitNumber = Number(limit);
    if (!Number.isInteger(limitNumber) || limitNumber < 1 || limitNumber > allowList.limitMax) {
      setError(`Limit must be between 1 and ${allowList.limitMax}`);
      return;
    }
    if (columns.length === 0) {
      setError('Choose at least one column');
      return;
    }
    setError(null);
    const request: QueryRequest = {
      table: table.name,
      columns,
      filters: filters.map((f) => ({
        column: f.column,
        op: f.op,
        ...(f.op === 'is_null' || f.op === 'is_not_null' ? {} : { value: f.value }),
      })),
      order: { column: orderColumn, direction },
      limit: limitNumber,
    };
    query.mutate(request, {
      onError: (e) => {
        setError(reason(e));
        notify.error('Query failed', { detail: reason(e) });
      },
    });
  };

  return (
    <form onSubmit={submit} className="grid gap-4" aria-label="Query builder">
      <FormError message={error} />
      <div className="grid gap-4 sm:grid-cols-3">
        <div className="grid gap-2">
          <Label htmlFor={`${ids}-table`}>Table</Label>
          <NativeSelect id={`${ids}-table`} value={table.name} onChange={(e) => chooseTable(e.target.value)}>
            {allowList.tables.map((t) => (
              <option key={t.name} value={t.name}>
                {t.label}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${ids}-order`}>Order by</Label>
          <div className="flex flex-wrap gap-2">
            <NativeSelect
              id={`${ids}-order`}
              className="min-w-36 flex-1"
              value={orderColumn}
              onChange={(e) => setOrderColumn(e.target.value)}
            >
              {columnOptions}
            </NativeSelect>
            <NativeSelect
              aria-label="Direction"
              value={direction}
              onChange={(e) => setDirection(e.target.value === 'desc' ? 'desc' : 'asc')}
              className="w-36"
            >
              <option value="asc">Ascending</option>
              <option value="desc">Descending</option>
            </NativeSelect>
          </div>
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${ids}-limit`}>Limit (1 to {allowList.limitMax})</Label>
          <Input
            id={`${ids}-limit`}
            inputMode="numeric"
            value={limit}
            onChange={(e) => setLimit(e.target.value)}
            className="w-28"
          />
        </div>
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">Columns</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-2">
          {table.columns.map((c) => (
            <label key={c.name} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4 accent-[var(--color-brand)]"
                checked={columns.includes(c.name)}
                onChange={(e) =>
                  setColumns((list) =>
                    e.target.checked
                      ? table.columns.map((x) => x.name).filter((n) => n === c.name || list.includes(n))
                      : list.filter((n) => n !== c.name),
                  )
                }
              />
              {c.name}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">Filters</legend>
        {filters.map((f, i) => (
          <div key={f.key} className="flex flex-wrap items-center gap-2" data-filter-row>
            <NativeSelect
              aria-label={`Filter ${i + 1} column`}
              value={f.column}
              onChange={(e) => updateFilter(f.key, { column: e.target.value })}
              className="w-44"
            >
              {columnOptions}
            </NativeSelect>
            <NativeSelect
              aria-label={`Filter ${i + 1} operator`}
              value={f.op}
              onChange={(e) => updateFilter(f.key, { op: e.target.value })}
              className="w-40"
            >
              {allowList.ops.map((op) => (
                <option key={op} value={op}>
                  {OP_TEXT[op] ?? op}
                </option>
              ))}
            </NativeSelect>
            {f.op === 'is_null' || f.op === 'is_not_null' ? null : (
              <Input
                aria-label={`Filter ${i + 1} value`}
                value={f.value}
                onChange={(e) => updateFilter(f.key, { value: e.target.value })}
                className="w-48"
              />
            )}
            <Button
              type="button"
              variant="ghost"
              size="icon"
              aria-label={`Remove filter ${i + 1}`}
              onClick={() => setFilters((rows) => rows.filter((r) => r.key !== f.key))}
            >
              <X aria-hidden />
            </Button>
          </div>
        ))}
        <div>
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={filters.length >= 10}
            onClick={() =>
              setFilters((rows) => [...rows, { key: Date.now(), column: table.columns[0]!.name, op: 'eq', value: '' }])
            }
          >
            <Plus aria-hidden />
            Add filter
          </Button>
        </div>
      </fieldset>
      <div>
        <Button type="submit" disabled={query.isPending}>
          <Database aria-hidden />
          {query.isPending ? 'Running...' : 'Run Query'}
        </Button>
      </div>
      {query.data && !error ? <QueryResults answer={query.data} /> : null}
    </form>
  );
}

function QueryBuilder() {
  const tables = useQueryTables();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Query builder</CardTitle>
        <CardDescription>
          Read-only, over reference data, job states (no payloads) and row counts. No SQL is sent: choose a table,
          columns and filters.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {tables.isPending ? (
          <SectionSkeleton label="Loading the tables" />
        ) : tables.isError ? (
          <SectionLoadError message="Query execution failed" onRetry={() => void tables.refetch()} />
        ) : (
          <QueryBuilderForm allowList={tables.data} />
        )}
      </CardContent>
    </Card>
  );
}

function FunctionTester() {
  const ids = useId();
  const functions = useTestableFunctions();
  const test = useTestFunction();
  const [name, setName] = useState('');
  const [parameters, setParameters] = useState('{}');
  const [error, setError] = useState<string | null>(null);
  const chosen = functions.data?.find((f) => f.name === name);

  const choose = (value: string) => {
    setName(value);
    setError(null);
    const example = functions.data?.find((f) => f.name === value)?.example;
    if (example !== undefined) setParameters(JSON.stringify(example, null, 2));
  };
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!name) {
      setError('Please select a function to test');
      notify.error('Please select a function to test');
      return;
    }
    try {
      JSON.parse(parameters);
    } catch {
      setError('Invalid JSON in parameters');
      notify.error('Invalid JSON in parameters');
      return;
    }
    setError(null);
    test.mutate(
      { function: name, parameters },
      {
        onError: (e) => {
          setError(reason(e));
          notify.error('Function test failed', { detail: reason(e) });
        },
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Function testing</CardTitle>
        <CardDescription>Read-only server functions, called with JSON parameters.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="grid gap-4" aria-label="Function testing" noValidate>
          <FormError message={error} />
          <div className="grid gap-2">
            <Label htmlFor={`${ids}-function`}>Function</Label>
            <NativeSelect id={`${ids}-function`} value={name} onChange={(e) => choose(e.target.value)}>
              <option value="">Select a function</option>
              {functions.data?.map((f) => (
                <option key={f.name} value={f.name}>
                  {f.label}
                </option>
              ))}
            </NativeSelect>
            {chosen ? <p className="text-sm text-muted-foreground">{chosen.description}</p> : null}
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${ids}-parameters`}>Parameters (JSON)</Label>
            <Textarea
              id={`${ids}-parameters`}
              value={parameters}
              onChange={(e) => setParameters(e.target.value)}
              className="min-h-28 font-mono text-sm"
              spellCheck={false}
            />
          </div>
          <div>
            <Button type="submit" disabled={test.isPending}>
              <FlaskConical aria-hidden />
              {test.isPending ? 'Testing...' : 'Test Function'}
            </Button>
          </div>
          {test.data && !error ? (
            <div className="grid gap-2">
              <p className="text-sm text-muted-foreground" role="status">
                Returned in {test.data.durationMs.toLocaleString('en-GB')} ms
              </p>
              <pre className="overflow-x-auto rounded-md border bg-muted/40 p-3 text-sm" data-function-result>
                {JSON.stringify(test.data.result, null, 2)}
              </pre>
            </div>
          ) : null}
        </form>
      </CardContent>
    </Card>
  );
}

const MOCK_COUNTS = [10, 50, 100, 500] as const;

function MockData() {
  const ids = useId();
  const status = useMockData();
  const { add, remove } = useMockDataActions();
  const [count, setCount] = useState<number>(10);
  const [confirming, setConfirming] = useState(false);
  const allowed = status.data?.allowed !== false;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Mock data</CardTitle>
        <CardDescription>
          Pretend savers, each with one account, in their own namespace (addresses at mock.savvypig.invalid). Removed in
          one action.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {!allowed ? (
          <p className="text-sm" role="note">
            Mock data is off in production. Set ALLOW_MOCK_DATA=true to allow it on this server.
          </p>
        ) : null}
        <div className="flex flex-wrap items-end gap-3">
          <div className="grid gap-2">
            <Label htmlFor={`${ids}-count`}>Records</Label>
            <NativeSelect
              id={`${ids}-count`}
              value={count}
              onChange={(e) => setCount(Number(e.target.value))}
              className="w-28"
              disabled={!allowed}
            >
              {MOCK_COUNTS.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </NativeSelect>
          </div>
          <Button
            disabled={!allowed || add.isPending}
            onClick={() =>
              add.mutate(count, {
                onSuccess: (r) => notify.success(`${r.count} mock records generated (${r.total} in all)`),
                onError: (e) => notify.error('Failed to generate mock data', { detail: reason(e) }),
              })
            }
          >
            <Users aria-hidden />
            {add.isPending ? 'Generating...' : 'Generate Mock Data'}
          </Button>
          <Button
            variant="outline"
            disabled={!status.data?.count || remove.isPending}
            onClick={() => setConfirming(true)}
          >
            <Trash2 aria-hidden />
            Remove Mock Data
          </Button>
        </div>
        <p className="text-sm text-muted-foreground" role="status">
          {status.data ? `${status.data.count.toLocaleString('en-GB')} mock savers now` : 'Counting mock savers...'}
        </p>
        <Dialog open={confirming} onOpenChange={setConfirming}>
          <DialogContent>
            <DialogHeader>
              <DialogTitle>Remove all mock data?</DialogTitle>
              <DialogDescription>
                Every mock saver and their accounts go. Real savers are not touched. This cannot be undone.
              </DialogDescription>
            </DialogHeader>
            <DialogFooter>
              <Button variant="outline" onClick={() => setConfirming(false)}>
                Cancel
              </Button>
              <Button
                variant="destructive"
                onClick={() =>
                  remove.mutate(undefined, {
                    onSuccess: (r) => {
                      setConfirming(false);
                      notify.success(`${r.removed} mock savers removed`);
                    },
                    onError: (e) => notify.error(`Action failed: ${reason(e)}`),
                  })
                }
                disabled={remove.isPending}
              >
                {remove.isPending ? 'Removing...' : 'Remove Mock Data'}
              </Button>
            </DialogFooter>
          </DialogContent>
        </Dialog>
      </CardContent>
    </Card>
  );
}

function SystemState() {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const fileName = await exportSystemState();
      notify.success(`Exported ${fileName}`);
    } catch (e) {
      notify.error('Failed to export system state', { detail: e instanceof Error ? reason(e) : null });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>System state</CardTitle>
        <CardDescription>
          Settings, versions, queue and row counts and the latest checks as a JSON file, with every secret redacted.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-3">
        <Button variant="outline" onClick={run} disabled={busy}>
          <Download aria-hidden />
          {busy ? 'Exporting...' : 'Export System State'}
        </Button>
        <Button variant="outline" disabled aria-describedby="import-coming-soon">
          <Upload aria-hidden />
          Import System State
        </Button>
        <span id="import-coming-soon" className="self-center text-sm text-muted-foreground">
          Import is coming soon.
        </span>
      </CardContent>
    </Card>
  );
}

export function DeveloperPanel() {
  return (
    <div className="grid gap-6">
      <QueryBuilder />
      <FunctionTester />
      <div className="grid gap-6 lg:grid-cols-2">
        <MockData />
        <SystemState />
      </div>
    </div>
  );
}
