import { Save } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import {
  frequencyOptions,
  PAYOUT_METHODS,
  paymentDayCount,
  QUARTERLY_FALLBACK_MONTHS,
  RATE_TYPES,
  showsPaymentDay,
  showsPaymentMonth,
} from '../../core/accounts/interest-settings.ts';
import { Button } from '../ui/button.tsx';
import { DatePicker } from '../ui/date-picker.tsx';
import { FormField } from '../ui/form-field.tsx';
import { Input, NativeSelect, Textarea } from '../ui/input.tsx';
import type { Account, AccountPatch } from './api.ts';
import { DetailCard } from './detail-card.tsx';
import { useAccountSave } from './use-account-save.ts';
import { MONTH_NAMES as MONTHS } from '../../core/dates/calendar-date.ts';


/** The spec's next-rate-change range: year 2000 to ten years ahead (001 §5). */
export const RATE_CHANGE_FROM_YEAR = 2000;
export const rateChangeToYear = (now = new Date()) => now.getFullYear() + 10;

type Draft = {
  rate: string;
  rateType: string;
  frequency: string;
  payout: string;
  month: string;
  day: string;
  nextRateChange: string;
  notes: string;
};

/** '4.35' for 435 hundredths of a percent. */
export function rateText(bps: number): string {
  return (bps / 100).toFixed(2).replace(/\.?0+$/, '') || '0';
}

/** Hundredths of a percent from what was typed, or the spec's message. Up to two decimals (step 0.01). */
export function parseRate(text: string): { ok: true; bps: number } | { ok: false; message: string } {
  const trimmed = text.trim().replace(/%$/, '').trim();
  if (trimmed === '') return { ok: true, bps: 0 };
  if (/^-/.test(trimmed)) return { ok: false, message: 'Interest rate cannot be negative' };
  const match = /^(\d{1,3})(?:\.(\d{0,2}))?$/.exec(trimmed);
  if (!match) return { ok: false, message: 'Enter the rate as a number with up to 2 decimal places, like 4.35' };
  return { ok: true, bps: Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) };
}

/** The months quarterly interest is paid in: from the chosen month, or the spec's March, June, September, December. */
export function quarterlyMonths(month: number | null): number[] {
  if (month === null) return [...QUARTERLY_FALLBACK_MONTHS];
  return [0, 3, 6, 9].map((offset) => ((month - 1 + offset) % 12) + 1).sort((a, b) => a - b);
}

function draftOf(account: Account): Draft {
  return {
    rate: rateText(account.interestRateBps),
    rateType: account.rateType,
    frequency: account.interestFrequency,
    payout: account.interestPayoutMethod,
    month: account.interestPaymentMonth ? String(account.interestPaymentMonth) : '',
    day: account.interestPaymentDay ? String(account.interestPaymentDay) : '',
    nextRateChange: account.nextRateChange ?? '',
    notes: account.terms ?? '',
  };
}

/** A select of fixed choices, offering the saved value too if it is not one of them. */
function ChoiceField({ label, value, options, onChange }: { label: string; value: string; options: readonly string[]; onChange: (value: string) => void }) {
  const choices = value && !options.includes(value) ? [value, ...options] : options;
  return (
    <FormField label={label}>
      <NativeSelect value={value} onChange={(e) => onChange(e.target.value)}>
        {choices.map((choice) => (
          <option key={choice}>{choice}</option>
        ))}
      </NativeSelect>
    </FormField>
  );
}

/**
 * Interest Settings (001 §2, §9): rate, rate type, payment frequency (the account's category
 * decides the choices), payout method, payment month and day when the frequency has them,
 * next rate change and notes (kept in `terms`), saved together.
 */
export function InterestSettingsCard({ account }: { account: Account }) {
  const save = useAccountSave(account.id);
  const [draft, setDraft] = useState(() => draftOf(account));
  const [rateError, setRateError] = useState<string | undefined>();
  const [dateError, setDateError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const saved = draftOf(account);
  const dirty = JSON.stringify(saved) !== JSON.stringify(draft);

  // Another tab's save (or this one's) shows here unless the card is being edited.
  const savedKey = JSON.stringify(saved);
  const shown = useRef(savedKey);
  useEffect(() => {
    const previous = shown.current;
    shown.current = savedKey;
    setDraft((current) => (JSON.stringify(current) === previous ? (JSON.parse(savedKey) as Draft) : current));
  }, [savedKey]);

  const month = draft.month ? Number(draft.month) : null;
  const showsMonth = showsPaymentMonth(draft.frequency);
  const showsDay = showsPaymentDay(draft.frequency);
  const dayCount = paymentDayCount(draft.frequency, month);

  const set = (patch: Partial<Draft>) => setDraft((d) => {
    const next = { ...d, ...patch };
    // Fields the frequency does not use are cleared, and a day the month lacks is dropped.
    if (!showsPaymentMonth(next.frequency)) next.month = '';
    if (!showsPaymentDay(next.frequency)) next.day = '';
    if (next.day && Number(next.day) > paymentDayCount(next.frequency, next.month ? Number(next.month) : null)) next.day = '';
    return next;
  });

  const submit = async () => {
    const rate = parseRate(draft.rate);
    setRateError(rate.ok ? undefined : rate.message);
    const badDate = draft.nextRateChange !== '' && !/^\d{4}-\d{2}-\d{2}$/.test(draft.nextRateChange);
    setDateError(badDate ? `Enter a date from ${RATE_CHANGE_FROM_YEAR} to ${rateChangeToYear()}, like 01/04/2027` : undefined);
    if (!rate.ok || badDate) return;
    const patch: AccountPatch = {
      interestRateBps: rate.bps,
      rateType: draft.rateType,
      interestFrequency: draft.frequency,
      interestPayoutMethod: draft.payout,
      interestPaymentMonth: draft.month ? Number(draft.month) : null,
      interestPaymentDay: draft.day ? Number(draft.day) : null,
      nextRateChange: draft.nextRateChange || null,
      terms: draft.notes.trim() || null,
    };
    setSaving(true);
    // Saved: the card shows the values as stored (the rate written plainly, notes trimmed).
    if (await save('interest', patch)) setDraft((d) => ({ ...d, rate: rateText(rate.bps), notes: patch.terms ?? '' }));
    setSaving(false);
  };

  return (
    <DetailCard title="Interest Settings">
      <form
        noValidate
        className="grid gap-5"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField label="Interest rate (%)" error={rateError}>
            <Input inputMode="decimal" autoComplete="off" value={draft.rate} onChange={(e) => set({ rate: e.target.value })} />
          </FormField>
          <ChoiceField label="Rate type" value={draft.rateType} options={RATE_TYPES} onChange={(rateType) => set({ rateType })} />
          <ChoiceField label="Payment frequency" value={draft.frequency} options={frequencyOptions(account.category)} onChange={(frequency) => set({ frequency })} />
          <ChoiceField label="Interest payout method" value={draft.payout} options={PAYOUT_METHODS} onChange={(payout) => set({ payout })} />
          {showsMonth ? (
            <FormField
              label="Payment month"
              description={
                draft.frequency === 'Quarterly'
                  ? `Paid in ${quarterlyMonths(month).map((m) => MONTHS[m - 1]).join(', ').replace(/, ([^,]*)$/, ' and $1')}${month === null ? ' unless you choose a month' : ''}.`
                  : undefined
              }
            >
              <NativeSelect value={draft.month} onChange={(e) => set({ month: e.target.value })}>
                <option value="">Not set</option>
                {MONTHS.map((name, i) => (
                  <option key={name} value={String(i + 1)}>
                    {name}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
          ) : null}
          {showsDay ? (
            <FormField label="Day of month for payment">
              <NativeSelect value={draft.day} onChange={(e) => set({ day: e.target.value })}>
                <option value="">Not set</option>
                {Array.from({ length: dayCount }, (_, i) => (
                  <option key={i + 1} value={String(i + 1)}>
                    {i + 1}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
          ) : null}
          <FormField label="Next rate change date" optional error={dateError}>
            <DatePicker
              value={draft.nextRateChange}
              onChange={(value) => set({ nextRateChange: value })}
              fromYear={RATE_CHANGE_FROM_YEAR}
              toYear={rateChangeToYear()}
              label="next rate change date"
            />
          </FormField>
        </div>
        <FormField label="Notes" optional>
          <Textarea className="min-h-24" value={draft.notes} onChange={(e) => set({ notes: e.target.value })} />
        </FormField>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={saving || !dirty}>
            <Save aria-hidden />
            {saving ? 'Saving...' : 'Save interest settings'}
          </Button>
          {dirty && !saving ? (
            <Button type="button" variant="ghost" onClick={() => setDraft(saved)}>
              Cancel
            </Button>
          ) : null}
        </div>
      </form>
    </DetailCard>
  );
}
