import { ArrowRight, Calculator } from 'lucide-react';
import { type FormEvent, type Ref, useImperativeHandle, useRef, useState } from 'react';
import { formatRate } from '../../core/accounts/interest-rate.ts';
import { formatLimit } from '../../core/checker/text.ts';
import { formatPence } from '../../core/money/format.ts';
import { SIMULATION_MESSAGES } from '../../core/smart-pig/simulator.ts';
import { parseAmountText } from '../../core/transactions/amount-text.ts';
import { refusalReason } from '../app/api.ts';
import { BADGE_WORDS } from '../protection/hub-words.ts';
import { Badge } from '../ui/badge.tsx';
import { Button } from '../ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '../ui/card.tsx';
import { cn } from '../ui/cn.ts';
import { FormError } from '../ui/form-error.tsx';
import { FormField } from '../ui/form-field.tsx';
import { inputClassName } from '../ui/input.tsx';
import { UnitInput } from '../ui/unit-input.tsx';
import { type Simulation, type SmartPigAccountOption, useSimulation } from './api.ts';
import { accountLabel, ALERT_LEVEL_WORDS } from './smart-pig-words.ts';

const NEW_MONEY = '';
const ClearedIcon = ALERT_LEVEL_WORDS.none.icon;
const RaisedIcon = ALERT_LEVEL_WORDS['over-limit'].icon;

/** What the simulator can be filled in with from outside (a recommendation's "Try it"). */
export type SimulatorHandle = { fill(values: { accountId: string; fromAccountId: string; amountPence: number }): void };

function Change({ before, after, tone }: { before: string; after: string; tone?: 'good' | 'bad' }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1 tabular-nums">
      <span>{before}</span>
      <ArrowRight className="size-3.5 shrink-0 text-muted-foreground" aria-label="becomes" />
      <span className={cn('font-semibold', tone === 'good' && 'text-success', tone === 'bad' && 'text-destructive')}>
        {after}
      </span>
    </span>
  );
}

function SimulationResult({ result, accounts }: { result: Simulation; accounts: readonly SmartPigAccountOption[] }) {
  const target = accounts.find((a) => a.id === result.accountId);
  const source = accounts.find((a) => a.id === result.fromAccountId);
  const badgeBefore = BADGE_WORDS[result.badgeBefore];
  const badgeAfter = BADGE_WORDS[result.badgeAfter];
  // An alert clears when its licence no longer has one at that level (money moved off a licence
  // may leave it at its limit: over the limit becomes above 90%, a warning, not a breach).
  const same = (a: Simulation['alertsBefore'][number], b: Simulation['alertsBefore'][number]) =>
    a.id === b.id && a.level === b.level;
  const cleared = result.alertsBefore.filter((a) => !result.alertsAfter.some((b) => same(a, b)));
  const raised = result.alertsAfter
    .filter((a) => !result.alertsBefore.some((b) => same(a, b)))
    .map((a) => ({ ...a, isNew: !result.alertsBefore.some((b) => b.id === a.id) }));
  const change = result.interestChangePence;
  return (
    <section aria-labelledby="what-if-result" className="grid gap-4 border-t pt-4">
      <h3 id="what-if-result" className="font-semibold">
        If you {source ? 'move' : 'add'} {formatPence(result.amountPence)}
        {source ? ` from ${source.name}` : ''} to {target?.name ?? 'the account'}
      </h3>
      <dl className="grid gap-3 sm:grid-cols-3">
        <div className="grid gap-1">
          <dt className="text-xs text-muted-foreground">Protection</dt>
          <dd className="flex flex-wrap items-center gap-1">
            <Badge variant={badgeBefore.tone}>
              <badgeBefore.icon aria-hidden />
              {badgeBefore.text}
            </Badge>
            <ArrowRight className="size-3.5 text-muted-foreground" aria-label="becomes" />
            <Badge variant={badgeAfter.tone}>
              <badgeAfter.icon aria-hidden />
              {badgeAfter.text}
            </Badge>
          </dd>
        </div>
        <div className="grid gap-1">
          <dt className="text-xs text-muted-foreground">Money not protected</dt>
          <dd>
            <Change
              before={formatPence(result.atRiskBeforePence)}
              after={formatPence(result.atRiskAfterPence)}
              tone={result.atRiskAfterPence > 0 ? 'bad' : 'good'}
            />
          </dd>
        </div>
        <div className="grid gap-1">
          <dt className="text-xs text-muted-foreground">Interest a year on all your accounts, before tax</dt>
          <dd>
            <Change
              before={formatPence(result.yearlyInterestBeforePence)}
              after={formatPence(result.yearlyInterestAfterPence)}
              tone={change > 0 ? 'good' : change < 0 ? 'bad' : undefined}
            />
            <span className="block text-xs text-muted-foreground">
              {change >= 0 ? `${formatPence(change)} more` : `${formatPence(-change)} less`}
              {result.rateBps !== null
                ? ` (at ${formatRate(result.rateBps)}${result.fromRateBps !== null ? ` rather than ${formatRate(result.fromRateBps)}` : ''})`
                : ' (it earns no cash interest)'}
            </span>
          </dd>
        </div>
      </dl>
      {cleared.length > 0 || raised.length > 0 ? (
        <ul className="grid gap-1 text-sm">
          {cleared.map((a) => (
            <li key={a.id} className="flex gap-2 text-success">
              <ClearedIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
              <span>Alert clears: {a.title}</span>
            </li>
          ))}
          {raised.map((a) => (
            <li key={a.id} className={cn('flex gap-2', a.level === 'over-limit' ? 'text-destructive' : 'text-warning')}>
              <RaisedIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
              <span>
                {a.isNew ? 'New alert' : 'Alert instead'}: {a.title}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="grid gap-2">
        <h4 className="text-sm font-medium">Your money per banking licence</h4>
        <ul className="grid gap-2">
          {result.licences.map((licence) => {
            const words = ALERT_LEVEL_WORDS[licence.alertLevelAfter];
            return (
              <li key={licence.key} className="grid gap-1 rounded-lg border p-3 text-sm">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <span className="font-medium break-words">
                    {licence.name}
                    {licence.receivesDeposit ? ' (money in)' : licence.givesMoney ? ' (money out)' : ''}
                  </span>
                  <Badge variant={words.tone}>
                    <words.icon aria-hidden />
                    {words.text}
                  </Badge>
                </div>
                <Change
                  before={formatPence(licence.beforePence)}
                  after={formatPence(licence.afterPence)}
                  tone={licence.atRiskAfterPence > 0 ? 'bad' : undefined}
                />
                <span className="text-xs text-muted-foreground">
                  Limit {formatLimit(licence.limitPence)}
                  {licence.limitUsedPercentAfter !== null ? `, ${licence.limitUsedPercentAfter}% used` : ''}
                  {licence.atRiskAfterPence > 0 ? `; ${formatPence(licence.atRiskAfterPence)} not protected` : ''}
                </span>
              </li>
            );
          })}
        </ul>
      </div>
      <p className="text-xs text-muted-foreground">Nothing has been saved or moved.</p>
    </section>
  );
}

/**
 * The what-if simulator (002 §2, §5): "if I add £X to account Y" — or move it from another of
 * the saver's accounts — shows the new exposure per banking group, the badge and the interest
 * change before anything is saved. An amount of £0 or less does nothing but say why.
 */
export function WhatIfSimulator({
  accounts,
  ref,
}: {
  accounts: readonly SmartPigAccountOption[];
  ref?: Ref<SimulatorHandle>;
}) {
  const [accountId, setAccountId] = useState(accounts[0]?.id ?? '');
  const [fromAccountId, setFromAccountId] = useState(NEW_MONEY);
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState<string | undefined>();
  const simulation = useSimulation();
  const amountRef = useRef<HTMLInputElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const run = (values: { accountId: string; fromAccountId: string; amountText: string }) => {
    const parsed = parseAmountText(values.amountText);
    if (!parsed.ok || parsed.pence <= 0) {
      setAmountError(SIMULATION_MESSAGES['amount-not-positive']);
      simulation.reset();
      amountRef.current?.focus();
      return;
    }
    setAmountError(undefined);
    simulation.mutate({
      accountId: values.accountId,
      amountPence: parsed.pence,
      fromAccountId: values.fromAccountId === NEW_MONEY ? null : values.fromAccountId,
    });
  };

  useImperativeHandle(ref, () => ({
    fill(values) {
      const amountText = formatPence(values.amountPence).replace('£', '');
      setAccountId(values.accountId);
      setFromAccountId(values.fromAccountId);
      setAmount(amountText);
      headingRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
      headingRef.current?.focus();
      run({ ...values, amountText });
    },
  }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    run({ accountId, fromAccountId, amountText: amount });
  };

  const failure = simulation.isError
    ? (refusalReason(simulation.error) ?? 'We could not run the what-if. Please try again.')
    : null;

  return (
    <Card id="what-if">
      <CardHeader>
        <h2 ref={headingRef} tabIndex={-1} className="flex items-center gap-2 text-lg leading-tight font-semibold">
          <Calculator className="size-5 text-brand" aria-hidden />
          What if…
        </h2>
        <CardDescription>
          See what adding money to one of your accounts would do to your protection and interest, before you do it.
          Nothing is saved.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <form
          onSubmit={onSubmit}
          noValidate
          className="grid gap-4 sm:grid-cols-[10rem_minmax(0,1fr)_minmax(0,1fr)] sm:items-start"
        >
          <FormField label="If I add" error={amountError}>
            <UnitInput
              ref={amountRef}
              unit="£"
              position="before"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              placeholder="10,000"
            />
          </FormField>
          <FormField label="To account">
            <select className={inputClassName} value={accountId} onChange={(e) => setAccountId(e.target.value)}>
              {accounts.map((a) => (
                <option key={a.id} value={a.id}>
                  {accountLabel(a)}
                </option>
              ))}
            </select>
          </FormField>
          <FormField label="Taken from">
            <select className={inputClassName} value={fromAccountId} onChange={(e) => setFromAccountId(e.target.value)}>
              <option value={NEW_MONEY}>New money</option>
              {accounts
                .filter((a) => a.id !== accountId)
                .map((a) => (
                  <option key={a.id} value={a.id}>
                    {accountLabel(a)}
                  </option>
                ))}
            </select>
          </FormField>
          <div className="sm:col-span-3">
            <Button type="submit" disabled={simulation.isPending}>
              Show what would happen
            </Button>
          </div>
        </form>
        <FormError message={failure} />
        <div aria-live="polite">
          {simulation.data ? <SimulationResult result={simulation.data} accounts={accounts} /> : null}
        </div>
      </CardContent>
    </Card>
  );
}
