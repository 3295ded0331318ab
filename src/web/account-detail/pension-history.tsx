/**
 * The pension's history on its card (001 §3, §4, §7): contributions per tax year (saving a year
 * again replaces it), drawdown events and transfers, each with its add form and the spec's
 * toasts; a transfer's status with its badge colour (new blue, in progress yellow, complete
 * green, overdue red) and the day it is expected by.
 */
import { useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { type ComponentProps, type FormEvent, type ReactNode, useId, useState } from 'react';
import { calendarDateInLondon } from '../../core/dates/calendar-date.ts';
import { taxYearOf, taxYearStarting } from '../../core/dates/tax-year.ts';
import { formatPence } from '../../core/money/format.ts';
import {
  DRAWDOWN_EVENT_TYPE_NAMES,
  DRAWDOWN_EVENT_TYPES,
  type DrawdownEventType,
  PENSION_MESSAGES,
  transferStatusUpdated,
} from '../../core/pension/pension-record.ts';
import {
  PENSION_TRANSFER_BADGE,
  PENSION_TRANSFER_STATUSES,
  type PensionTransferStatus,
} from '../../core/pension/scheme-types.ts';
import { formatShortDate } from '../../core/standing-orders/text.ts';
import { parseAmountText } from '../../core/transactions/amount-text.ts';
import { refusalReason } from '../app/api.ts';
import { notify } from '../app/notify.ts';
import { Badge } from '../ui/badge.tsx';
import { Button } from '../ui/button.tsx';
import { DatePicker } from '../ui/date-picker.tsx';
import { FormField } from '../ui/form-field.tsx';
import { Input, NativeSelect } from '../ui/input.tsx';
import { UnitInput } from '../ui/unit-input.tsx';
import { addContribution, addDrawdown, type PensionView, setTransferStatus, startTransfer } from './pension-api.ts';

export const TRANSFER_STATUS_NAMES: Readonly<Record<PensionTransferStatus, string>> = {
  new: 'New',
  in_progress: 'In progress',
  complete: 'Complete',
  overdue: 'Overdue',
};

const BADGE_VARIANT = { blue: 'info', yellow: 'warning', green: 'success', red: 'destructive' } as const;

export function TransferBadge({ status }: { status: PensionTransferStatus }) {
  return <Badge variant={BADGE_VARIANT[PENSION_TRANSFER_BADGE[status]]}>{TRANSFER_STATUS_NAMES[status]}</Badge>;
}

/** A whole-pounds amount: the £ before it and a number pad on phones. */
export function PoundsInput(props: Omit<ComponentProps<typeof UnitInput>, 'unit' | 'position'>) {
  return <UnitInput unit="£" position="before" inputMode="numeric" {...props} />;
}

const money = (pence: number) => formatPence(pence, { wholePounds: true });

/** Whole pounds typed as pence, or null with the message. */
function wholePence(text: string): number | null {
  const parsed = parseAmountText(text.trim() === '' ? '0' : text);
  return parsed.ok && parsed.pence >= 0 && parsed.pence % 100 === 0 ? parsed.pence : null;
}

/** Runs a write with the spec's success and failure toasts; true when it worked. */
async function withToasts(work: () => Promise<void>, success: string, failure: string): Promise<boolean> {
  try {
    await work();
  } catch (error) {
    console.warn(failure, error);
    notify.error(failure, { detail: refusalReason(error) });
    return false;
  }
  notify.success(success);
  return true;
}

/** A write with the spec's toasts, and whether one is under way. */
function useToastedWrite() {
  const [saving, setSaving] = useState(false);
  const run = async (work: () => Promise<void>, success: string, failure: string): Promise<boolean> => {
    setSaving(true);
    try {
      return await withToasts(work, success, failure);
    } finally {
      setSaving(false);
    }
  };
  return [saving, run] as const;
}

function HistorySection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="grid gap-3">
      <h3 id={id} className="text-sm font-semibold">
        {title}
      </h3>
      {children}
    </section>
  );
}

function Contributions({ view }: { view: PensionView }) {
  const queryClient = useQueryClient();
  const current = taxYearOf(calendarDateInLondon(new Date())).startYear;
  const [taxYear, setTaxYear] = useState(String(current));
  const [employee, setEmployee] = useState('');
  const [employer, setEmployer] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [saving, run] = useToastedWrite();
  const years = Array.from({ length: 8 }, (_, i) => current - i);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const employeePence = wholePence(employee);
    const employerPence = wholePence(employer);
    if (employeePence === null || employerPence === null) {
      setError(PENSION_MESSAGES.amount);
      return;
    }
    setError(undefined);
    const ok = await run(
      () =>
        addContribution(queryClient, view.accountId, {
          taxYear: taxYearStarting(Number(taxYear)).label,
          employeePence,
          employerPence,
        }),
      PENSION_MESSAGES.contributionSaved,
      PENSION_MESSAGES.contributionFailed,
    );
    if (ok) {
      setEmployee('');
      setEmployer('');
    }
  };

  return (
    <HistorySection title="Contributions by tax year">
      {view.contributions.length > 0 ? (
        <table className="w-full text-sm">
          <thead className="text-left text-muted-foreground">
            <tr>
              <th scope="col" className="py-1 font-medium">
                Tax year
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                You
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Employer
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Total
              </th>
            </tr>
          </thead>
          <tbody className="tabular-nums">
            {view.contributions.map((c) => (
              <tr key={c.id} className="border-t">
                <td className="py-1">{taxYearStarting(c.taxYear).label}</td>
                <td className="py-1 text-right">{money(c.employeePence)}</td>
                <td className="py-1 text-right">{money(c.employerPence)}</td>
                <td className="py-1 text-right">{money(c.employeePence + c.employerPence)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="text-sm text-muted-foreground">No contributions recorded yet.</p>
      )}
      <form noValidate onSubmit={submit} className="grid gap-3 sm:grid-cols-2 sm:items-end">
        <FormField label="Tax year">
          <NativeSelect value={taxYear} onChange={(e) => setTaxYear(e.target.value)}>
            {years.map((y) => (
              <option key={y} value={y}>
                {taxYearStarting(y).label}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField label="Your contributions (gross)" error={error}>
          <PoundsInput value={employee} onChange={(e) => setEmployee(e.target.value)} />
        </FormField>
        <FormField label="Employer contributions">
          <PoundsInput value={employer} onChange={(e) => setEmployer(e.target.value)} />
        </FormField>
        <Button type="submit" variant="outline" disabled={saving}>
          <Plus aria-hidden />
          {saving ? 'Saving...' : 'Save contributions'}
        </Button>
      </form>
    </HistorySection>
  );
}

function Drawdowns({ view }: { view: PensionView }) {
  const queryClient = useQueryClient();
  const [date, setDate] = useState('');
  const [type, setType] = useState<DrawdownEventType>('pcls');
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<{ date?: string; amount?: string }>({});
  const [saving, run] = useToastedWrite();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const amountPence = wholePence(amount);
    const next = {
      ...(date === '' ? { date: PENSION_MESSAGES.date } : {}),
      ...(amountPence === null || amount.trim() === '' ? { amount: PENSION_MESSAGES.amount } : {}),
    };
    setErrors(next);
    if (Object.keys(next).length > 0 || amountPence === null) return;
    const ok = await run(
      () => addDrawdown(queryClient, view.accountId, { eventDate: date, eventType: type, amountPence, notes: null }),
      PENSION_MESSAGES.drawdownSaved,
      PENSION_MESSAGES.drawdownFailed,
    );
    if (ok) {
      setDate('');
      setAmount('');
    }
  };

  return (
    <HistorySection title="Drawdown events">
      {view.drawdowns.length > 0 ? (
        <ul className="grid gap-1 text-sm">
          {view.drawdowns.map((d) => (
            <li key={d.id} className="flex justify-between gap-3 border-t py-1">
              <span>
                {formatShortDate(d.eventDate)} · {DRAWDOWN_EVENT_TYPE_NAMES[d.eventType]}
              </span>
              <span className="tabular-nums">{money(d.amountPence)}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">No drawdowns recorded.</p>
      )}
      <form noValidate onSubmit={submit} className="grid gap-3 sm:grid-cols-2 sm:items-end">
        <FormField label="Date" error={errors.date}>
          <DatePicker value={date} label="drawdown date" onChange={setDate} />
        </FormField>
        <FormField label="What was taken">
          <NativeSelect value={type} onChange={(e) => setType(e.target.value as DrawdownEventType)}>
            {DRAWDOWN_EVENT_TYPES.map((t) => (
              <option key={t} value={t}>
                {DRAWDOWN_EVENT_TYPE_NAMES[t]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField label="Amount" error={errors.amount}>
          <PoundsInput value={amount} onChange={(e) => setAmount(e.target.value)} />
        </FormField>
        <Button type="submit" variant="outline" disabled={saving}>
          <Plus aria-hidden />
          {saving ? 'Saving...' : 'Record drawdown'}
        </Button>
      </form>
    </HistorySection>
  );
}

function TransferRow({ view, transfer }: { view: PensionView; transfer: PensionView['transfers'][number] }) {
  const queryClient = useQueryClient();
  const [saving, run] = useToastedWrite();
  const change = async (status: PensionTransferStatus) => {
    await run(
      () => setTransferStatus(queryClient, view.accountId, transfer.id, status),
      transferStatusUpdated(TRANSFER_STATUS_NAMES[status]),
      PENSION_MESSAGES.transferStatusFailed,
    );
  };
  const started = formatShortDate(calendarDateInLondon(new Date(transfer.startedAt)));
  return (
    <li className="grid gap-2 border-t py-2 text-sm sm:grid-cols-[1fr_auto] sm:items-center">
      <div className="grid gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <span>Started {started}</span>
          <TransferBadge status={transfer.shownStatus} />
        </div>
        <span className="text-muted-foreground">
          {transfer.completedAt
            ? `Completed ${formatShortDate(calendarDateInLondon(new Date(transfer.completedAt)))}`
            : `Expected by ${formatShortDate(transfer.expectedBy)}`}
          {transfer.notes ? ` · ${transfer.notes}` : ''}
        </span>
      </div>
      <NativeSelect
        aria-label={`Status of the transfer started ${started}`}
        value={transfer.status}
        disabled={saving}
        onChange={(e) => void change(e.target.value as PensionTransferStatus)}
      >
        {PENSION_TRANSFER_STATUSES.map((s) => (
          <option key={s} value={s}>
            {TRANSFER_STATUS_NAMES[s]}
          </option>
        ))}
      </NativeSelect>
    </li>
  );
}

function Transfers({ view }: { view: PensionView }) {
  const queryClient = useQueryClient();
  const [notes, setNotes] = useState('');
  const [saving, run] = useToastedWrite();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const ok = await run(
      () => startTransfer(queryClient, view.accountId, notes.trim() === '' ? null : notes.trim()),
      PENSION_MESSAGES.transferStarted,
      PENSION_MESSAGES.transferFailed,
    );
    if (ok) setNotes('');
  };
  return (
    <HistorySection title="Transfers">
      {view.transfers.length > 0 ? (
        <ul className="grid">
          {view.transfers.map((t) => (
            <TransferRow key={t.id} view={view} transfer={t} />
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">No transfers.</p>
      )}
      <form noValidate onSubmit={submit} className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
        <FormField label="Transfer notes" optional>
          <Input value={notes} maxLength={200} onChange={(e) => setNotes(e.target.value)} />
        </FormField>
        <Button type="submit" variant="outline" disabled={saving}>
          <Plus aria-hidden />
          {saving ? 'Saving...' : 'Start a transfer'}
        </Button>
      </form>
    </HistorySection>
  );
}

export function PensionHistory({ view }: { view: PensionView }) {
  return (
    <div className="grid gap-6">
      <Contributions view={view} />
      <Drawdowns view={view} />
      <Transfers view={view} />
    </div>
  );
}
