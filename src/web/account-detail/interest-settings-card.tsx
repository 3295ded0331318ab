import { Save } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { rateFromInput } from '../../core/accounts/account-schema.ts';
import { formatRateBox } from '../../core/accounts/interest-rate.ts';
import {
  nextRateChangeYears,
  paymentDayCount,
  showsPaymentDay,
  showsPaymentMonth,
} from '../../core/accounts/interest-settings.ts';
import {
  type InterestSettingsField,
  InterestSettingsFields,
  type InterestSettingsValues,
  type InterestSettingsWording,
} from '../accounts/interest-settings-fields.tsx';
import { Button } from '../ui/button.tsx';
import type { Account, AccountPatch } from './api.ts';
import { DetailCard } from './detail-card.tsx';
import { useAccountSave } from './use-account-save.ts';

/** The spec's names for the card's fields (001 §2); what is left unset reads 'Not set'. */
const CARD_WORDING: InterestSettingsWording = {
  rateLabel: 'Interest rate (%)',
  ratePercentSign: false,
  nextRateChangeLabel: 'Next rate change date',
  noMonth: 'Not set',
  noDay: 'Not set',
  paymentDateOptional: false,
  quarterlyNote: (months, monthChosen) => `Paid in ${months}${monthChosen ? '' : ' unless you choose a month'}.`,
};

function draftOf(account: Account): InterestSettingsValues {
  return {
    interestRate: formatRateBox(account.interestRateBps),
    rateType: account.rateType,
    interestFrequency: account.interestFrequency,
    interestPayoutMethod: account.interestPayoutMethod,
    interestPaymentMonth: account.interestPaymentMonth ? String(account.interestPaymentMonth) : '',
    interestPaymentDay: account.interestPaymentDay ? String(account.interestPaymentDay) : '',
    nextRateChange: account.nextRateChange ?? '',
    terms: account.terms ?? '',
  };
}

/**
 * Interest Settings (001 §2, §9): rate, rate type, payment frequency (the account's category
 * decides the choices), payout method, payment month and day when the frequency has them,
 * next rate change and notes (kept in `terms`), saved together.
 */
export function InterestSettingsCard({ account }: { account: Account }) {
  const save = useAccountSave(account.id);
  const [draft, setDraft] = useState(() => draftOf(account));
  const [errors, setErrors] = useState<Partial<Record<InterestSettingsField, string>>>({});
  const [saving, setSaving] = useState(false);
  const saved = draftOf(account);
  const dirty = JSON.stringify(saved) !== JSON.stringify(draft);

  // Another tab's save (or this one's) shows here unless the card is being edited.
  const savedKey = JSON.stringify(saved);
  const shown = useRef(savedKey);
  useEffect(() => {
    const previous = shown.current;
    shown.current = savedKey;
    setDraft((current) =>
      JSON.stringify(current) === previous ? (JSON.parse(savedKey) as InterestSettingsValues) : current,
    );
  }, [savedKey]);

  const set = (name: InterestSettingsField, value: string) =>
    setDraft((d) => {
      const next = { ...d, [name]: value };
      // Fields the frequency does not use are cleared, and a day the month lacks is dropped.
      if (!showsPaymentMonth(next.interestFrequency)) next.interestPaymentMonth = '';
      if (!showsPaymentDay(next.interestFrequency)) next.interestPaymentDay = '';
      const month = next.interestPaymentMonth ? Number(next.interestPaymentMonth) : null;
      if (next.interestPaymentDay && Number(next.interestPaymentDay) > paymentDayCount(next.interestFrequency, month))
        next.interestPaymentDay = '';
      return next;
    });

  const submit = async () => {
    const rate = rateFromInput(draft.interestRate);
    const badDate = draft.nextRateChange !== '' && !/^\d{4}-\d{2}-\d{2}$/.test(draft.nextRateChange);
    const { fromYear, toYear } = nextRateChangeYears(new Date().getFullYear());
    setErrors({
      interestRate: rate.ok ? undefined : rate.message,
      nextRateChange: badDate ? `Enter a date from ${fromYear} to ${toYear}, like 01/04/2027` : undefined,
    });
    if (!rate.ok || badDate) return;
    const patch: AccountPatch = {
      interestRateBps: rate.bps,
      rateType: draft.rateType,
      interestFrequency: draft.interestFrequency,
      interestPayoutMethod: draft.interestPayoutMethod,
      interestPaymentMonth: draft.interestPaymentMonth ? Number(draft.interestPaymentMonth) : null,
      interestPaymentDay: draft.interestPaymentDay ? Number(draft.interestPaymentDay) : null,
      nextRateChange: draft.nextRateChange || null,
      terms: draft.terms.trim() || null,
    };
    setSaving(true);
    // Saved: the card shows the values as stored (the rate written plainly, notes trimmed).
    if (await save('interest', patch))
      setDraft((d) => ({ ...d, interestRate: formatRateBox(rate.bps), terms: patch.terms ?? '' }));
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
        <InterestSettingsFields
          values={draft}
          onChange={set}
          category={account.category}
          thisYear={new Date().getFullYear()}
          wording={CARD_WORDING}
          errorOf={(name) => errors[name]}
        />
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
