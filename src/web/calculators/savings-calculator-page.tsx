import { ShieldCheck, TriangleAlert } from 'lucide-react';
import { useMemo } from 'react';
import { cashIsaYears } from '../../core/calculators/cash-isa-instead.ts';
import { savingsGrowth } from '../../core/calculators/savings-growth.ts';
import {
  AGE_GROUPS,
  readSavingsForm,
  type SavingsCalculation,
  type SavingsForm,
  savingsFormFrom,
  savingsFormParams,
} from '../../core/calculators/savings-form.ts';
import { savingsTaxByTaxYear, TAX_BAND_NAMES, TAX_BANDS, totalTaxPence } from '../../core/calculators/savings-tax.ts';
import { calendarDateInLondon } from '../../core/dates/calendar-date.ts';
import { formatPence } from '../../core/money/format.ts';
import { formatRate } from '../../core/accounts/interest-rate.ts';
import { Alert, AlertDescription, AlertTitle } from '../ui/alert.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../ui/card.tsx';
import { ChoiceField, MoneyField, RateField, WholeNumberField } from './calculator-fields.tsx';
import { SavingsChart } from './savings-chart.tsx';
import { CalculatorLayout, FixTheFigures, monthsText } from './calculator-layout.tsx';
import { useAddressForm } from './use-address-form.ts';

const DEPOSIT_OPTIONS = [
  { value: 'none', label: 'No regular deposits' },
  { value: 'monthly', label: 'Every month' },
  { value: 'annually', label: 'Every year' },
] as const;
const RATE_KIND_OPTIONS = [
  { value: 'aer', label: 'AER' },
  { value: 'gross', label: 'Gross rate' },
] as const;
const COMPOUNDING_OPTIONS = [
  { value: 'monthly', label: 'Monthly' },
  { value: 'quarterly', label: 'Quarterly' },
  { value: 'annually', label: 'Once a year' },
] as const;
const BAND_OPTIONS = TAX_BANDS.map((band) => ({ value: band, label: `${TAX_BAND_NAMES[band]} taxpayer` }));
const AGE_OPTIONS = AGE_GROUPS.map((age) => ({ value: age, label: age === 'under-65' ? 'Under 65' : '65 or over' }));

function SavingsResult({ calculation }: { calculation: SavingsCalculation }) {
  const { growth: input } = calculation;
  const growth = useMemo(() => savingsGrowth(input), [input]);
  const tax = useMemo(() => savingsTaxByTaxYear(growth.payments, calculation.tax), [growth, calculation.tax]);
  const isa = useMemo(
    () => cashIsaYears(input.startDate, input.startPence, growth.points, calculation.isUnderCapAge),
    [input, growth, calculation.isUnderCapAge],
  );
  const taxPence = totalTaxPence(tax);
  const overIsa = isa.filter((year) => year.overPence > 0);
  const paidIn = input.startPence + growth.depositsPence;
  return (
    <div className="grid gap-5">
      <Card>
        <CardContent className="grid gap-2">
          <p id="savings-headline" className="text-sm text-muted-foreground">
            After {monthsText(input.termMonths)} you would have
          </p>
          <p className="text-4xl font-bold tabular-nums" data-testid="savings-final">
            {formatPence(growth.finalPence)}
          </p>
          <p className="text-sm text-muted-foreground">
            {formatPence(paidIn)} paid in and {formatPence(growth.interestPence)} interest before tax, at{' '}
            {formatRate(growth.aerBps, 'AER')}.
          </p>
        </CardContent>
      </Card>

      <div className="grid gap-5 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Tax on the interest</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-3 text-sm">
            <p>
              <span className="text-2xl font-semibold tabular-nums" data-testid="savings-tax">
                {formatPence(taxPence)}
              </span>{' '}
              for a {TAX_BAND_NAMES[calculation.tax.band].toLowerCase()} taxpayer, leaving{' '}
              <strong className="tabular-nums">{formatPence(growth.interestPence - taxPence)}</strong> of interest.
            </p>
            <ul className="grid gap-1.5">
              {tax.map((year) => (
                <li key={year.taxYear.label} className="flex flex-wrap justify-between gap-x-3">
                  <span>
                    {year.taxYear.label}: {formatPence(year.interestPence)} interest,{' '}
                    {formatPence(
                      year.personalAllowancePence + year.startingRatePence + year.personalSavingsAllowancePence,
                    )}{' '}
                    tax-free
                  </span>
                  <span className="tabular-nums">
                    {formatPence(year.taxPence)} at {year.ratePercent}%
                  </span>
                </li>
              ))}
            </ul>
            <p className="text-xs text-muted-foreground">
              Interest is taxed in the tax year it is paid (6 April to 5 April), after your Personal Savings Allowance
              (£1,000 basic rate, £500 higher rate, none additional rate)
              {calculation.tax.otherIncomePence === null
                ? ''
                : ', what is left of your personal allowance and the starting rate for savings'}
              . Savings income tax rises from 20%, 40% and 45% to 22%, 42% and 47% on 6 April 2027. This assumes these
              savings are your only interest.
            </p>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <ShieldCheck className="size-5 text-success" aria-hidden />
              In a cash ISA instead
            </CardTitle>
          </CardHeader>
          <CardContent className="grid gap-3 text-sm">
            <p>
              <span className="text-2xl font-semibold tabular-nums" data-testid="savings-isa">
                {formatPence(growth.interestPence)}
              </span>{' '}
              interest with no tax: {formatPence(taxPence)} more to keep.
            </p>
            <ul className="grid gap-1.5">
              {isa.map((year) => (
                <li key={year.taxYear.label} className="flex flex-wrap justify-between gap-x-3">
                  <span>
                    {year.taxYear.label}: {formatPence(year.paidInPence)} paid in
                  </span>
                  <span className="tabular-nums">limit {formatPence(year.limitPence, { wholePounds: true })}</span>
                </li>
              ))}
            </ul>
            {overIsa.length > 0 ? (
              <Alert variant="warning">
                <TriangleAlert aria-hidden />
                <AlertTitle>More than a cash ISA takes</AlertTitle>
                <AlertDescription>
                  {overIsa.map((year) => (
                    <p key={year.taxYear.label}>
                      {year.taxYear.label}: {formatPence(year.overPence)} over the{' '}
                      {formatPence(year.limitPence, { wholePounds: true })} limit
                      {year.isUnderAgeCap ? ' for cash ISAs for savers under 65' : ''}.
                    </p>
                  ))}
                </AlertDescription>
              </Alert>
            ) : null}
            <p className="text-xs text-muted-foreground">
              You can pay up to £20,000 a year into ISAs. From 6 April 2027 savers under 65 can put at most £12,000 a
              year of it into cash ISAs.
            </p>
          </CardContent>
        </Card>
      </div>

      <Card>
        <CardHeader>
          <CardTitle>Balance over time</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <SavingsChart growth={growth} startPence={input.startPence} />
          <table className="w-full text-xs sm:text-sm">
            <caption className="sr-only">Your savings year by year</caption>
            <thead>
              <tr className="border-b text-left text-muted-foreground">
                <th scope="col" className="py-2 pr-2 font-medium">
                  Year
                </th>
                <th scope="col" className="py-2 pr-2 text-right font-medium">
                  Paid in
                </th>
                <th scope="col" className="py-2 pr-2 text-right font-medium">
                  Interest
                </th>
                <th scope="col" className="py-2 text-right font-medium">
                  Balance
                </th>
              </tr>
            </thead>
            <tbody>
              {growth.years.map((year) => (
                <tr key={year.year} className="border-b last:border-0">
                  <th scope="row" className="py-2 pr-2 text-left font-normal">
                    {year.months === 12 ? year.year : `${year.year} (${year.months} mo)`}
                  </th>
                  <td className="py-2 pr-2 text-right tabular-nums">
                    {formatPence(year.depositsPence + (year.year === 1 ? input.startPence : 0))}
                  </td>
                  <td className="py-2 pr-2 text-right tabular-nums">{formatPence(year.interestPence)}</td>
                  <td className="py-2 text-right tabular-nums">{formatPence(year.closingPence)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </CardContent>
      </Card>
    </div>
  );
}

/** The public savings calculator (issue 29): worked out in the browser, its inputs kept in the address. */
export function SavingsCalculatorPage() {
  const [form, update] = useAddressForm(savingsFormFrom, savingsFormParams);
  const today = useMemo(() => calendarDateInLondon(new Date()), []);
  const result = useMemo(() => readSavingsForm(form, today), [form, today]);
  const problems = result.ok ? {} : result.problems;
  const set =
    <K extends keyof SavingsForm>(key: K) =>
    (value: SavingsForm[K]) =>
      update((current) => ({ ...current, [key]: value }));

  return (
    <CalculatorLayout
      id="savings"
      title="Savings calculator"
      intro="See how your savings grow with regular deposits, what tax you would pay on the interest, and what a cash ISA would save. The calculation stays in your browser; its web address keeps your figures."
      inputsTitle="Your savings"
      resultTitle="Your result"
      columns="lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]"
      inputs={
        <>
          <MoneyField label="Starting sum" value={form.start} onChange={set('start')} error={problems.start} />
          <div className="grid gap-4 sm:grid-cols-2">
            <ChoiceField
              label="Regular deposits"
              value={form.every}
              options={DEPOSIT_OPTIONS}
              onChange={set('every')}
            />
            {form.every === 'none' ? null : (
              <MoneyField
                label="Each deposit"
                value={form.deposit}
                onChange={set('deposit')}
                error={problems.deposit}
              />
            )}
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <RateField label="Interest rate" value={form.rate} onChange={set('rate')} error={problems.rate} />
            <ChoiceField
              label="The rate is"
              value={form.rateKind}
              options={RATE_KIND_OPTIONS}
              onChange={set('rateKind')}
            />
          </div>
          {form.rateKind === 'gross' ? (
            <ChoiceField
              label="Interest is paid and compounds"
              value={form.compounding}
              options={COMPOUNDING_OPTIONS}
              onChange={set('compounding')}
            />
          ) : null}
          <fieldset className="grid min-w-0 gap-2">
            <legend className="mb-2 text-sm font-medium">Term</legend>
            <div className="grid grid-cols-2 gap-4">
              <WholeNumberField
                label="Years"
                unit="years"
                value={form.years}
                onChange={set('years')}
                error={problems.years}
              />
              <WholeNumberField
                label="Months"
                unit="months"
                value={form.months}
                onChange={set('months')}
                error={problems.months}
              />
            </div>
            {problems.term ? (
              <p className="text-sm font-medium text-destructive" role="alert">
                {problems.term}
              </p>
            ) : null}
          </fieldset>
          <ChoiceField label="Your income tax band" value={form.band} options={BAND_OPTIONS} onChange={set('band')} />
          {form.band === 'basic' ? (
            <MoneyField
              label="Your other income this tax year"
              optional
              value={form.otherIncome}
              onChange={set('otherIncome')}
              error={problems.otherIncome}
              hint="Wages or pension before tax. Under £17,570, part of your interest can be tax-free at the starting rate."
            />
          ) : null}
          <ChoiceField
            label="Your age on 6 April 2027"
            value={form.age}
            options={AGE_OPTIONS}
            onChange={set('age')}
            hint="For the cash ISA limit"
          />
        </>
      }
      result={
        result.ok ? (
          <SavingsResult calculation={result.calculation} />
        ) : (
          <FixTheFigures>Check the figures marked in the form to see your result</FixTheFigures>
        )
      }
    />
  );
}
