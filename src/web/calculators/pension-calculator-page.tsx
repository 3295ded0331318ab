/**
 * The pension calculator (issue 29, Big Pig): a pension grown to the age the saver retires, with
 * tax relief at their band, their employer's money, this tax year's annual allowance (taper and
 * MPAA from core) and the tax-free lump sum within the lump sum allowance. Inputs are in the
 * address; a pension's page opens it with its record (prefill.ts). The rules: core's pension-growth.ts.
 */
import { useMemo } from 'react';
import {
  RELIEF_METHOD_NAMES,
  RELIEF_METHODS,
  TAX_BAND_NAMES,
  TAX_BANDS,
  type PensionGrowthResult,
  pensionGrowth,
} from '../../core/calculators/pension-growth.ts';
import { calendarDateInLondon } from '../../core/dates/calendar-date.ts';
import { ageOn } from '../../core/dates/day-count.ts';
import { formatPence } from '../../core/money/format.ts';
import { formatCardDate } from '../../core/terms/term-dates.ts';
import { useProfile } from '../settings/api.ts';
import { Alert, AlertDescription, AlertTitle } from '../ui/alert.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/card.tsx';
import {
  checkMoney,
  checkOptionalDate,
  checkOptionalMoney,
  checkRate,
  checkWholeNumber,
  collect,
  fieldBinder,
  oneOf,
  useCalculatorFields,
} from './address-fields.ts';
import {
  CalculatorChoice,
  CalculatorField,
  CalculatorPage,
  Figure,
  FiguresTable,
  FixTheFields,
} from './calculator-parts.tsx';

const AGE_MESSAGE = 'Enter your age as a whole number from 16 to 99';
const RETIRE_MESSAGE = 'Enter a retirement age from your age to 99';
export const AGE_ASKED = 'Enter your age to see how your pension could grow.';
// Pension figures are whole pounds (DESIGN: pence hidden where the spec says whole pounds).
const pounds = (pence: number) => formatPence(Math.round(pence / 100) * 100, { wholePounds: true });

export function PensionCalculatorPage() {
  const today = useMemo(() => calendarDateInLondon(new Date()), []);
  // The saver's age from their profile's date of birth, until they type one.
  const dateOfBirth = useProfile().data?.dateOfBirth ?? null;
  const defaults = useMemo(
    () => ({
      age: dateOfBirth ? String(ageOn(dateOfBirth, today)) : '',
      retire: '67',
      pot: '0',
      monthly: '100',
      employer: '0',
      method: 'relief_at_source',
      band: 'basic',
      growth: '5',
      charges: '0.75',
      inflation: '2',
      threshold: '',
      adjusted: '',
      access: '',
      taken: '',
    }),
    [dateOfBirth, today],
  );
  const [fields, set] = useCalculatorFields(defaults);
  const age = checkWholeNumber(fields.age, 16, 99, AGE_MESSAGE);
  const { errors, values } = collect({
    age,
    retire: checkWholeNumber(fields.retire, age.ok ? age.value : 16, 99, RETIRE_MESSAGE),
    pot: checkMoney(fields.pot),
    monthly: checkMoney(fields.monthly),
    employer: checkMoney(fields.employer),
    growth: checkRate(fields.growth, { label: 'Growth', max: 20_00 }),
    charges: checkRate(fields.charges, { label: 'Charges', max: 5_00 }),
    inflation: checkRate(fields.inflation, { label: 'Inflation', max: 20_00 }),
    threshold: checkOptionalMoney(fields.threshold),
    adjusted: checkOptionalMoney(fields.adjusted),
    access: checkOptionalDate(fields.access),
    taken: checkOptionalMoney(fields.taken),
  });
  const method = oneOf(fields.method, RELIEF_METHODS);
  // Without a date of birth the age starts empty: a question to answer, not a mistake to mark.
  const ageAsked = fields.age.trim() === '';
  const bind = fieldBinder(fields, ageAsked ? { ...errors, age: undefined } : errors, set);
  const onlyAgeAsked = ageAsked && Object.keys(errors).length === 1;
  const band = oneOf(fields.band, TAX_BANDS);
  const result = values
    ? pensionGrowth({
        today,
        currentAge: values.age,
        retirementAge: values.retire,
        potPence: values.pot,
        monthlyPence: values.monthly,
        employerMonthlyPence: values.employer,
        reliefMethod: method,
        band,
        growthBps: values.growth,
        chargesBps: values.charges,
        inflationBps: values.inflation,
        thresholdIncomePence: values.threshold,
        adjustedIncomePence: values.adjusted,
        flexibleAccessOn: values.access,
        lumpSumTakenPence: values.taken ?? 0,
      })
    : null;

  return (
    <CalculatorPage
      title="Pension calculator"
      intro="How your pension could grow by the age you retire, with tax relief, your employer’s money, the annual allowance and the tax-free lump sum."
    >
      {result ? (
        <Headline result={result} />
      ) : onlyAgeAsked ? (
        <p role="status" className="text-sm text-muted-foreground">
          {AGE_ASKED}
        </p>
      ) : (
        <FixTheFields />
      )}
      <Card>
        <CardHeader>
          <CardTitle>You and your pension</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <CalculatorField {...bind('age')} label="Your age" />
          <CalculatorField {...bind('retire')} label="Retirement age" />
          <CalculatorField {...bind('pot')} label="Pension today" unit="£" />
          <CalculatorField {...bind('monthly')} label="You pay each month" unit="£" />
          <CalculatorField {...bind('employer')} label="Your employer pays each month" unit="£" />
          <CalculatorChoice
            name="method"
            label="How tax relief is given"
            value={method}
            onChange={set}
            choices={RELIEF_METHODS.map((m) => [m, RELIEF_METHOD_NAMES[m]] as const)}
          />
          <CalculatorChoice
            name="band"
            label="Your income tax band"
            value={band}
            onChange={set}
            choices={TAX_BANDS.map((b) => [b, TAX_BAND_NAMES[b]] as const)}
          />
          <CalculatorField
            {...bind('growth')}
            label="Growth a year"
            unit="%"
            hint="Before charges; investments can fall as well as rise."
          />
          <CalculatorField {...bind('charges')} label="Charges a year" unit="%" />
          <CalculatorField {...bind('inflation')} label="Inflation a year" unit="%" />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Allowances</CardTitle>
          <CardDescription>
            For the annual allowance’s taper and the money purchase annual allowance, and the lump sum allowance already
            used.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <CalculatorField {...bind('threshold')} label="Threshold income" unit="£" optional />
          <CalculatorField {...bind('adjusted')} label="Adjusted income" unit="£" optional />
          <CalculatorField {...bind('access')} label="Flexibly accessed a pension on" type="date" optional />
          <CalculatorField {...bind('taken')} label="Tax-free lump sums already taken" unit="£" optional />
        </CardContent>
        {result ? <AllowanceWords result={result} /> : null}
      </Card>
      {result && result.years.length > 0 ? <Years result={result} /> : null}
    </CalculatorPage>
  );
}

function Headline({ result }: { result: PensionGrowthResult }) {
  const { relief, lumpSum } = result;
  return (
    <Card aria-live="polite">
      <CardHeader>
        <CardTitle>At retirement on {formatCardDate(result.retirementDate)}</CardTitle>
        <CardDescription>{relief.words}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl className="grid gap-4 sm:grid-cols-3">
          <Figure label="Your pension" value={pounds(result.potPence)} testId="pension-pot" />
          <Figure label="In today’s money" value={pounds(result.potTodayMoneyPence)} />
          <Figure label="Tax-free lump sum" value={pounds(lumpSum.taxFreePence)} testId="pension-lump-sum" />
        </dl>
        <p className="text-sm">
          Each month {formatPence(relief.grossMonthlyPence)} goes in from you
          {relief.addedMonthlyPence > 0 ? ` (${formatPence(relief.addedMonthlyPence)} of it tax relief)` : ''}; it costs
          you {formatPence(relief.costMonthlyPence)} after all relief
          {relief.reclaimMonthlyPence > 0 ? `, once you claim ${formatPence(relief.reclaimMonthlyPence)} back` : ''}.
        </p>
        <p className="text-sm text-muted-foreground">
          {lumpSum.cappedByAllowance
            ? `A quarter of it is more than the ${pounds(lumpSum.allowanceLeftPence)} left of your lump sum allowance, so ${pounds(lumpSum.taxFreePence)} can be taken tax-free.`
            : `A quarter can be taken tax-free, within the ${pounds(lumpSum.allowanceLeftPence)} left of your lump sum allowance.`}{' '}
          The other {pounds(lumpSum.restPence)} is taxed as income when you take it.
        </p>
        {result.minimumAge.tooEarly ? (
          <Alert variant="warning">
            <AlertTitle>Too early to take a pension</AlertTitle>
            <AlertDescription>
              The minimum pension age will be {result.minimumAge.age} by then, unless your scheme gives you a protected
              pension age.
            </AlertDescription>
          </Alert>
        ) : null}
      </CardContent>
    </Card>
  );
}

function AllowanceWords({ result }: { result: PensionGrowthResult }) {
  const { allowance } = result;
  return (
    <CardContent className="grid gap-2" data-testid="allowance">
      {allowance.excessPence > 0 ? (
        <Alert variant="warning">
          <AlertTitle>Over the annual allowance</AlertTitle>
          <AlertDescription>
            {formatPence(allowance.excessPence)} a year more than your allowance goes in: an annual allowance charge is
            due on it at your income tax rate.
          </AlertDescription>
        </Alert>
      ) : null}
      <ul className="grid list-disc gap-1 pl-5 text-sm text-muted-foreground">
        {allowance.explanation.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </CardContent>
  );
}

function Years({ result }: { result: PensionGrowthResult }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Year by year</CardTitle>
        <CardDescription>
          Contributions include tax relief added at source and your employer’s, after charges.
        </CardDescription>
      </CardHeader>
      <CardContent className="overflow-x-auto">
        <FiguresTable
          columns={['Age', 'Paid in', 'Growth', 'Pension']}
          rows={result.years.map((y) => [
            String(y.age),
            pounds(y.contributionsPence),
            pounds(y.growthPence),
            pounds(y.potPence),
          ])}
        />
      </CardContent>
    </Card>
  );
}
