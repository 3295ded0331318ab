/**
 * The maturity calculator (issue 29, Big Pig): what a fixed-term account pays at maturity, what an
 * early close would cost, and what the money earns next if renewed or moved. Inputs are in the
 * address; a bond's page opens it with the bond's terms (prefill.ts). The rules: core's maturity.ts.
 */
import { useMemo } from 'react';
import { formatRate } from '../../core/accounts/interest-rate.ts';
import {
  MATURITY_FREQUENCIES,
  MATURITY_PENALTY_TYPES,
  MATURITY_RATE_TYPES,
  MATURITY_TERM_UNITS,
  type MaturityResult,
  maturityOf,
} from '../../core/calculators/maturity.ts';
import { calendarDateInLondon } from '../../core/dates/calendar-date.ts';
import { formatPence } from '../../core/money/format.ts';
import { formatCardDate } from '../../core/terms/term-dates.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/card.tsx';
import { displayDate } from '../ui/date-format.ts';
import {
  checkDate,
  checkMoney,
  checkOptionalDate,
  checkOptionalRate,
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

const PENALTY_NAMES: Record<(typeof MATURITY_PENALTY_TYPES)[number], string> = {
  none: 'No penalty',
  percentage: 'A percentage of the amount',
  fixed_fee: 'A fixed fee',
  days_interest: 'Days of interest',
};
const PENALTY_UNIT = { none: undefined, percentage: '%', fixed_fee: '£', days_interest: undefined } as const;
const TERM_MESSAGE = 'Enter the term length as a whole number from 1 to 9999';

function useMaturityFields() {
  const today = useMemo(() => calendarDateInLondon(new Date()), []);
  const defaults = useMemo(
    () => ({
      amount: '10000',
      start: today,
      term: '1',
      unit: 'years',
      rate: '4.5',
      type: 'AER',
      freq: 'Annually',
      paid: 'add',
      penaltyType: 'none',
      penalty: '',
      early: '',
      close: '',
      renew: '',
      move: '',
    }),
    [today],
  );
  return useCalculatorFields(defaults);
}

function checkPenalty(type: (typeof MATURITY_PENALTY_TYPES)[number], text: string) {
  if (type === 'none') return { ok: true as const, value: 0 };
  if (type === 'fixed_fee') return checkMoney(text);
  const checked = checkRate(text, {
    label: type === 'percentage' ? 'Penalty' : 'Days of interest',
    max: type === 'percentage' ? 100_00 : 365_00,
  });
  return checked.ok
    ? checked
    : { ok: false as const, message: 'Enter the penalty as a number of 0 or more, with at most 2 decimal places' };
}

export function MaturityCalculatorPage() {
  const [fields, set] = useMaturityFields();
  const penaltyType = oneOf(fields.penaltyType, MATURITY_PENALTY_TYPES);
  const noEarlyAccess = fields.early === 'no';
  const { errors, values } = collect({
    amount: checkMoney(fields.amount, { positive: true }),
    start: checkDate(fields.start),
    term: checkWholeNumber(fields.term, 1, 9999, TERM_MESSAGE),
    rate: checkRate(fields.rate),
    penalty: checkPenalty(penaltyType, fields.penalty),
    close: checkOptionalDate(fields.close),
    renew: checkOptionalRate(fields.renew, 'Renewal rate'),
    move: checkOptionalRate(fields.move, 'Rate elsewhere'),
  });
  const unit = oneOf(fields.unit, MATURITY_TERM_UNITS);
  const bind = fieldBinder(fields, errors, set);
  const result = values
    ? maturityOf({
        depositPence: values.amount,
        startDate: values.start,
        termValue: values.term,
        termUnit: unit,
        rateBps: values.rate,
        rateType: oneOf(fields.type, MATURITY_RATE_TYPES),
        frequency: oneOf(fields.freq, MATURITY_FREQUENCIES),
        compounds: fields.paid !== 'out',
        penaltyType,
        penaltyAmount: values.penalty,
        closeOn: noEarlyAccess ? null : values.close,
        renewalRateBps: values.renew,
        elsewhereRateBps: values.move,
      })
    : null;
  const closeError =
    !errors.close && result && values?.close && !result.earlyClose && !noEarlyAccess
      ? `Enter a date after ${displayDate(values.start)} and before ${displayDate(result.maturityDate)}`
      : errors.close;

  return (
    <CalculatorPage
      title="Maturity calculator"
      intro="What a fixed-term account pays when it ends, what closing it early would cost, and what to do with the money on the day."
    >
      {result ? <Headline result={result} paidOut={fields.paid === 'out'} /> : <FixTheFields />}
      <Card>
        <CardHeader>
          <CardTitle>The account</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <CalculatorField {...bind('amount')} label="Amount in the account" unit="£" />
          <CalculatorField {...bind('start')} label="From" type="date" />
          <CalculatorField {...bind('term')} label="Term" />
          <CalculatorChoice
            name="unit"
            label="Term in"
            value={unit}
            onChange={set}
            choices={MATURITY_TERM_UNITS.map((u) => [u, u[0]!.toUpperCase() + u.slice(1)] as const)}
          />
          <CalculatorField {...bind('rate')} label="Interest rate" unit="%" />
          <CalculatorChoice
            name="type"
            label="Rate type"
            value={oneOf(fields.type, MATURITY_RATE_TYPES)}
            onChange={set}
            choices={MATURITY_RATE_TYPES.map((t) => [t, t] as const)}
          />
          <CalculatorChoice
            name="freq"
            label="Interest paid"
            value={oneOf(fields.freq, MATURITY_FREQUENCIES)}
            onChange={set}
            choices={MATURITY_FREQUENCIES.map((f) => [f, f] as const)}
          />
          <CalculatorChoice
            name="paid"
            label="Interest goes"
            value={fields.paid === 'out' ? 'out' : 'add'}
            onChange={set}
            choices={[
              ['add', 'Into the account'],
              ['out', 'To another account'],
            ]}
          />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Closing early</CardTitle>
          <CardDescription>
            {noEarlyAccess
              ? 'This account’s terms allow no early access: the money stays until it matures.'
              : 'What the account’s terms take if you close it before it matures.'}
          </CardDescription>
        </CardHeader>
        {noEarlyAccess ? null : (
          <CardContent className="grid gap-4 sm:grid-cols-2">
            <CalculatorChoice
              name="penaltyType"
              label="Early withdrawal penalty"
              value={penaltyType}
              onChange={set}
              choices={MATURITY_PENALTY_TYPES.map((t) => [t, PENALTY_NAMES[t]] as const)}
            />
            {penaltyType === 'none' ? null : (
              <CalculatorField
                {...bind('penalty')}
                label={penaltyType === 'days_interest' ? 'Days of interest' : 'Penalty'}
                unit={PENALTY_UNIT[penaltyType]}
              />
            )}
            <CalculatorField {...bind('close')} error={closeError} label="Close on" type="date" optional />
          </CardContent>
        )}
        {result?.earlyClose ? (
          <CardContent className="grid gap-2" data-testid="early-close">
            <p>
              Closing on {formatCardDate(result.earlyClose.date)}: the account holds{' '}
              {formatPence(result.earlyClose.valuePence)}, the penalty is {formatPence(result.earlyClose.penaltyPence)}{' '}
              and you receive <strong>{formatPence(result.earlyClose.receivePence)}</strong>,{' '}
              {formatPence(result.earlyClose.shortfallPence)} less than waiting for maturity.
            </p>
            <p className="text-sm text-muted-foreground">{result.earlyClose.words}</p>
          </CardContent>
        ) : null}
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>On the day it matures</CardTitle>
          <CardDescription>
            The rate your bank offers to renew, and the best rate you could move to: both as AER.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <CalculatorField {...bind('renew')} label="Renewal rate" unit="%" optional />
          <CalculatorField {...bind('move')} label="Rate elsewhere" unit="%" optional />
        </CardContent>
        {result ? <OnTheDay result={result} /> : null}
      </Card>
      {result ? <Payments result={result} /> : null}
    </CalculatorPage>
  );
}

function Headline({ result, paidOut }: { result: MaturityResult; paidOut: boolean }) {
  return (
    <Card aria-live="polite">
      <CardHeader>
        <CardTitle>Matures on {formatCardDate(result.maturityDate)}</CardTitle>
        <CardDescription>
          {formatRate(Math.round(result.grossRate * 10_000))} gross, {formatRate(result.aerBps)} AER, over{' '}
          {result.termDays} days.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-4 sm:grid-cols-3">
          <Figure label="At maturity" value={formatPence(result.maturityBalancePence)} testId="maturity-value" />
          <Figure label="Interest" value={formatPence(result.interestPence)} testId="maturity-interest" />
          {paidOut ? <Figure label="Paid out along the way" value={formatPence(result.paidOutPence)} /> : null}
        </dl>
      </CardContent>
    </Card>
  );
}

function OnTheDay({ result }: { result: MaturityResult }) {
  const { renew, move } = result;
  const gain = renew && move ? move.yearInterestPence - renew.yearInterestPence : null;
  return (
    <CardContent className="grid gap-2" data-testid="on-the-day">
      {renew ? (
        <p>
          Renewing at {formatRate(renew.rateBps)} AER earns {formatPence(renew.yearInterestPence)} in a year on{' '}
          {formatPence(result.maturityBalancePence)}.
        </p>
      ) : null}
      {move ? (
        <p>
          Moving to {formatRate(move.rateBps)} AER earns {formatPence(move.yearInterestPence)} in a year.
        </p>
      ) : null}
      {gain !== null ? (
        <p className="font-medium">
          {gain > 0
            ? `Moving earns ${formatPence(gain)} more in a year.`
            : gain < 0
              ? `Renewing earns ${formatPence(-gain)} more in a year.`
              : 'Both earn the same.'}
        </p>
      ) : null}
      <p className="text-sm text-muted-foreground">
        Tell your bank what you want before {formatCardDate(result.maturityDate)}: without an answer many move the money
        to an easy access account at a lower rate. Keep each bank within its protection limit.
      </p>
    </CardContent>
  );
}

function Payments({ result }: { result: MaturityResult }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Interest payments</CardTitle>
        <CardDescription>
          Interest counts as savings income in the tax year it is paid:{' '}
          {result.interestByTaxYear.map((y) => `${formatPence(y.interestPence)} in ${y.taxYear}`).join(', ')}.
        </CardDescription>
      </CardHeader>
      <CardContent className="overflow-x-auto">
        <FiguresTable
          columns={['Date', 'Interest', 'Balance']}
          rows={result.payments.map((p) => [
            displayDate(p.date),
            formatPence(p.interestPence),
            formatPence(p.balancePence),
          ])}
        />
      </CardContent>
    </Card>
  );
}
