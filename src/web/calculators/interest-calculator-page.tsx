import { Plus, Trash2, Trophy } from 'lucide-react';
import { useId, useMemo } from 'react';
import {
  accountName,
  accountParam,
  type CompareAccountForm,
  type CompareForm,
  compareFormFrom,
  compareFormParams,
  MAX_COMPARE_ACCOUNTS,
  MIN_COMPARE_ACCOUNTS,
  NEW_COMPARE_ACCOUNT,
  readCompareForm,
} from '../../core/calculators/compare-form.ts';
import {
  type AccountComparison,
  type CompareAccount,
  compareAccounts,
} from '../../core/calculators/interest-compare.ts';
import { formatRate } from '../../core/accounts/interest-rate.ts';
import { calendarDateInLondon } from '../../core/dates/calendar-date.ts';
import { formatPence } from '../../core/money/format.ts';
import { Badge } from '../ui/badge.tsx';
import { Button } from '../ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../ui/card.tsx';
import { FormField } from '../ui/form-field.tsx';
import { Input } from '../ui/input.tsx';
import { ChoiceField, MoneyField, RateField, WholeNumberField } from './calculator-fields.tsx';
import { CalculatorLayout, FixTheFigures, monthsText } from './calculator-layout.tsx';
import { useAddressForm } from './use-address-form.ts';

const PAID_OPTIONS = [
  { value: 'monthly', label: 'Monthly' },
  { value: 'yearly', label: 'Once a year' },
] as const;

function accessText(account: CompareAccount): string {
  if (account.fixedMonths > 0) return `Fixed for ${monthsText(account.fixedMonths)}`;
  if (account.noticeDays > 0) return `${account.noticeDays} days’ notice`;
  return 'Instant access';
}

function targetText(months: number | null): string {
  if (months === null) return 'Not within 50 years';
  return months === 0 ? 'Already there' : monthsText(months);
}

function AccountFields({
  index,
  account,
  problems,
  onChange,
  onRemove,
}: {
  index: number;
  account: CompareAccountForm;
  problems: Record<string, string>;
  onChange: (account: CompareAccountForm) => void;
  onRemove: (() => void) | null;
}) {
  const headingId = useId();
  const set =
    <K extends keyof CompareAccountForm>(key: K) =>
    (value: CompareAccountForm[K]) =>
      onChange({ ...account, [key]: value });
  const error = (key: Parameters<typeof accountParam>[1]) => problems[accountParam(index, key)];
  return (
    <fieldset aria-labelledby={headingId} className="grid min-w-0 gap-4 rounded-lg border p-4">
      <div className="flex items-center justify-between gap-2">
        <h3 id={headingId} className="font-semibold">
          Account {index + 1}
        </h3>
        {onRemove ? (
          <Button variant="ghost" size="sm" onClick={onRemove} aria-label={`Remove account ${index + 1}`}>
            <Trash2 aria-hidden />
            Remove
          </Button>
        ) : null}
      </div>
      <FormField label="Name" optional error={error('name')}>
        <Input
          value={account.name}
          placeholder={`Account ${index + 1}`}
          onChange={(e) => set('name')(e.target.value)}
        />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <RateField label="Interest rate (AER)" value={account.rate} onChange={set('rate')} error={error('rate')} />
        <ChoiceField label="Interest paid" value={account.paid} options={PAID_OPTIONS} onChange={set('paid')} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <RateField
          label="Introductory bonus"
          optional
          value={account.bonus}
          onChange={set('bonus')}
          error={error('bonus')}
        />
        <WholeNumberField
          label="Bonus lasts"
          unit="months"
          optional
          value={account.bonusMonths}
          onChange={set('bonusMonths')}
          error={error('bonusMonths')}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <WholeNumberField
          label="Notice"
          unit="days"
          optional
          value={account.noticeDays}
          onChange={set('noticeDays')}
          error={error('noticeDays')}
        />
        <WholeNumberField
          label="Fixed term"
          unit="months"
          optional
          value={account.fixedMonths}
          onChange={set('fixedMonths')}
          error={error('fixedMonths')}
        />
      </div>
    </fieldset>
  );
}

function ResultCard({
  result,
  periodMonths,
  isBest,
  hasTarget,
}: {
  result: AccountComparison;
  periodMonths: number;
  isBest: boolean;
  hasTarget: boolean;
}) {
  const { account } = result;
  const drop =
    result.yearAfterBonusInterestPence === null
      ? null
      : result.firstYearInterestPence - result.yearAfterBonusInterestPence;
  return (
    <Card className="gap-3 py-5" data-testid="interest-result">
      <CardHeader className="px-5">
        <CardTitle className="flex flex-wrap items-center gap-2">
          {account.name}
          {isBest ? (
            <Badge variant="success">
              <Trophy aria-hidden />
              Most interest
            </Badge>
          ) : null}
        </CardTitle>
        <p className="text-sm text-muted-foreground">
          {formatRate(account.aerBps, 'AER')}
          {account.bonusBps > 0
            ? ` + ${formatRate(account.bonusBps)} bonus for ${monthsText(account.bonusMonths)}`
            : ''}{' '}
          · {accessText(account)} · paid {account.paid === 'monthly' ? 'monthly' : 'once a year'}
        </p>
      </CardHeader>
      <CardContent className="px-5">
        <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1.5 text-sm">
          <dt>Interest over {monthsText(periodMonths)}</dt>
          <dd className="text-right font-semibold tabular-nums">{formatPence(result.interestPence)}</dd>
          <dt>Balance then</dt>
          <dd className="text-right tabular-nums">{formatPence(result.balancePence)}</dd>
          {hasTarget ? (
            <>
              <dt>Time to reach your target</dt>
              <dd className="text-right tabular-nums">{targetText(result.monthsToTarget)}</dd>
            </>
          ) : null}
          <dt>Interest in the first year</dt>
          <dd className="text-right tabular-nums">{formatPence(result.firstYearInterestPence)}</dd>
          {result.yearAfterBonusInterestPence !== null && drop !== null ? (
            <>
              <dt>In the year after the bonus ends</dt>
              <dd className="text-right tabular-nums">{formatPence(result.yearAfterBonusInterestPence)}</dd>
            </>
          ) : null}
        </dl>
        {drop !== null && drop > 0 ? (
          <p className="mt-3 text-sm text-muted-foreground">
            When the bonus ends after {monthsText(account.bonusMonths)}, a year earns {formatPence(drop)} less: time to
            look for a better rate.
          </p>
        ) : null}
        {result.isFixedPastPeriod ? (
          <p className="mt-3 text-sm text-muted-foreground">
            The money stays fixed for {monthsText(account.fixedMonths)}, longer than the period you chose.
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** The public interest calculator (issue 29): two to four accounts side by side, kept in the address. */
export function InterestCalculatorPage() {
  const [form, update] = useAddressForm(compareFormFrom, compareFormParams);
  const today = useMemo(() => calendarDateInLondon(new Date()), []);
  const result = useMemo(() => readCompareForm(form), [form]);
  const comparison = useMemo(
    () => (result.ok ? compareAccounts({ ...result.calculation, startDate: today }) : null),
    [result, today],
  );
  const problems = result.ok ? {} : result.problems;
  const best = comparison ? Math.max(...comparison.map((c) => c.interestPence)) : 0;
  const set =
    <K extends Exclude<keyof CompareForm, 'accounts'>>(key: K) =>
    (value: string) =>
      update((current) => ({ ...current, [key]: value }));
  const setAccount = (index: number) => (account: CompareAccountForm) =>
    update((current) => ({ ...current, accounts: current.accounts.map((a, i) => (i === index ? account : a)) }));
  const removeAccount = (index: number) => () =>
    update((current) => ({ ...current, accounts: current.accounts.filter((_, i) => i !== index) }));

  return (
    <CalculatorLayout
      id="interest"
      title="Interest calculator"
      intro="Compare up to four savings accounts: the interest each pays over the time you choose, how long each takes to reach your target, and what happens when an introductory bonus ends. The web address keeps your figures."
      inputsTitle="Your money and the accounts"
      resultTitle="How they compare"
      columns="lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]"
      inputs={
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <MoneyField
              label="Amount to save"
              value={form.deposit}
              onChange={set('deposit')}
              error={problems.deposit}
            />
            <WholeNumberField
              label="Over"
              unit="months"
              value={form.period}
              onChange={set('period')}
              error={problems.period}
            />
          </div>
          <MoneyField
            label="Target balance"
            optional
            value={form.target}
            onChange={set('target')}
            error={problems.target}
            hint="To see how long each account takes to reach it"
          />
          {form.accounts.map((account, index) => (
            <AccountFields
              // Accounts have no identity but their place: removing one renumbers the rest.
              // biome-ignore lint/suspicious/noArrayIndexKey: the place is the account's identity here
              key={index}
              index={index}
              account={account}
              problems={problems}
              onChange={setAccount(index)}
              onRemove={form.accounts.length > MIN_COMPARE_ACCOUNTS ? removeAccount(index) : null}
            />
          ))}
          {form.accounts.length < MAX_COMPARE_ACCOUNTS ? (
            <Button
              variant="outline"
              onClick={() =>
                update((current) => ({ ...current, accounts: [...current.accounts, NEW_COMPARE_ACCOUNT] }))
              }
            >
              <Plus aria-hidden />
              Add an account
            </Button>
          ) : null}
        </>
      }
      result={
        comparison && result.ok ? (
          <>
            {comparison.map((c, index) => (
              <ResultCard
                key={accountName(form.accounts[index] ?? { name: '' }, index) + String(index)}
                result={c}
                periodMonths={result.calculation.periodMonths}
                isBest={best > 0 && c.interestPence === best}
                hasTarget={result.calculation.targetPence !== null}
              />
            ))}
            <p className="text-xs text-muted-foreground">
              Interest before tax, on one sum paid in today. An account paid monthly earns its AER over a year as
              monthly interest; one paid once a year is paid on each anniversary and when a bonus ends. A bonus is on
              top of the AER for the months you give.
            </p>
          </>
        ) : (
          <FixTheFigures>Check the figures marked in the form to see how the accounts compare</FixTheFigures>
        )
      }
    />
  );
}
