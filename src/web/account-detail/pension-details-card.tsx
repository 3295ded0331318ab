/**
 * The Pension Details card (001 §2, issue 15): the provider selector (changing it saves at once
 * and names the account's bank after the provider); the provider information panel with its
 * confidence; the scheme type; employer-linked info; protection coverage; the annual allowance
 * and what is left this tax year across all the saver's pensions; the access age and why; the
 * latest transfer's status with its expected day; alerts; crystallised info; and the history.
 * 'Add Pension Details' / 'Edit Pension Details' opens the dialog.
 */
import { useQueryClient } from '@tanstack/react-query';
import { Calculator, Info, Pencil, Plus, ShieldAlert, TriangleAlert } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { formatPence } from '../../core/money/format.ts';
import type { PensionAlert } from '../../core/pension/alerts.ts';
import {
  COVERAGE_TAG_NAMES,
  CRYSTALLISED_METHOD_NAMES,
  PENSION_MESSAGES,
  type PensionRecordInput,
} from '../../core/pension/pension-record.ts';
import { confidenceColour, SCHEME_TYPE_DETAILS } from '../../core/pension/scheme-types.ts';
import { formatShortDate } from '../../core/standing-orders/text.ts';
import { refusalReason } from '../app/api.ts';
import { pensionCalculatorHref, pensionFactsOf } from '../calculators/prefill.ts';
import { notify } from '../app/notify.ts';
import { ProtectionBadge } from '../accounts/protection-badge.tsx';
import { PensionProviderPicker } from '../reference/pension-provider-picker.tsx';
import type { PensionProviderOption } from '../reference/types.ts';
import { Alert, AlertDescription, AlertTitle } from '../ui/alert.tsx';
import { Badge } from '../ui/badge.tsx';
import { Button } from '../ui/button.tsx';
import { Label } from '../ui/label.tsx';
import { SectionLoadError, SectionSkeleton } from '../ui/section-states.tsx';
import { type Account, errorMessage } from './api.ts';
import { DetailCard } from './detail-card.tsx';
import { choosePensionProvider, type PensionView, savePension, usePensionRecord } from './pension-api.ts';
import { PENSION_DIALOG_TEXT, PensionDialog, providerOption } from './pension-dialog.tsx';
import { PensionHistory, TransferBadge } from './pension-history.tsx';

export const PENSION_CARD_TEXT = {
  title: 'Pension Details',
  description: 'Your pension’s provider, scheme, allowances and transfers.',
  provider: 'Pension provider',
  chooseFirst: 'Choose the pension’s provider, or add its details: how your money here is protected follows from them.',
} as const;

const money = (pence: number) => formatPence(pence, { wholePounds: true });
const CONFIDENCE_VARIANT = { green: 'success', yellow: 'warning', red: 'destructive' } as const;
const ALERT_VARIANT = { critical: 'destructive', warning: 'warning', info: 'info' } as const;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid content-start gap-0.5">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-sm font-medium">{children}</dd>
    </div>
  );
}

function ProviderPanel({ provider }: { provider: NonNullable<PensionView['provider']> }) {
  return (
    <div className="grid gap-3 rounded-lg border p-4" data-testid="pension-provider-panel">
      <dl className="grid gap-3 sm:grid-cols-2">
        <Fact label="Legal entity">{provider.legalEntityName}</Fact>
        <Fact label="Regulator">{provider.regulator}</Fact>
        <Fact label="FRN">{provider.frn ?? 'Not held'}</Fact>
        <Fact label="Data confidence">
          <Badge variant={CONFIDENCE_VARIANT[confidenceColour(provider.confidenceScore)]}>
            {provider.confidenceScore} / 100
          </Badge>
        </Fact>
      </dl>
      {provider.displayMessage ? <p className="text-sm text-muted-foreground">{provider.displayMessage}</p> : null}
    </div>
  );
}

function AlertList({ alerts }: { alerts: PensionAlert[] }) {
  if (alerts.length === 0) return null;
  return (
    <ul className="grid gap-2" aria-label="Pension alerts">
      {alerts.map((alert) => (
        <li key={alert.id}>
          <Alert variant={ALERT_VARIANT[alert.level]}>
            {alert.level === 'info' ? <Info aria-hidden /> : <TriangleAlert aria-hidden />}
            <AlertTitle>{alert.title}</AlertTitle>
            <AlertDescription>{alert.message}</AlertDescription>
          </Alert>
        </li>
      ))}
    </ul>
  );
}

function AllowancePanel({ view }: { view: PensionView }) {
  const a = view.allowance;
  const own = view.pension?.annualAllowancePence;
  return (
    <section className="grid gap-3 rounded-lg border p-4" aria-label="Annual allowance" data-testid="pension-allowance">
      <dl className="grid gap-3 sm:grid-cols-3">
        <Fact label={`Annual allowance ${a.taxYear}`}>{money(a.annualAllowancePence)}</Fact>
        <Fact label="Saved into your pensions">{money(a.inputPence)}</Fact>
        <Fact label="Left this tax year">
          <span data-testid="pension-allowance-left">{money(a.remainingPence)}</span>
        </Fact>
      </dl>
      {own !== undefined && own !== a.annualAllowancePence ? (
        <p className="text-sm text-muted-foreground">
          You recorded an annual allowance of {money(own)}; the figures for {a.taxYear} and the incomes you gave make it{' '}
          {money(a.annualAllowancePence)}.
        </p>
      ) : null}
      <details className="text-sm">
        <summary className="cursor-pointer font-medium">How this is worked out</summary>
        <ul className="mt-2 grid list-disc gap-1 pl-5 text-muted-foreground">
          {a.explanation.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </details>
    </section>
  );
}

function RecordFacts({ view, account }: { view: PensionView; account: Account }) {
  const pension = view.pension;
  const latest = view.transfers.find((t) => t.shownStatus !== 'new');
  return (
    <dl className="grid gap-4 sm:grid-cols-2">
      {pension ? (
        <Fact label="Scheme type">
          {SCHEME_TYPE_DETAILS[pension.schemeType].name}
          <span className="block font-normal text-muted-foreground">
            {SCHEME_TYPE_DETAILS[pension.schemeType].description}
          </span>
        </Fact>
      ) : null}
      <Fact label="Protection">
        <span className="flex flex-wrap items-center gap-2">
          <ProtectionBadge protection={account.protection} />
        </span>
        {pension ? (
          <span className="block font-normal text-muted-foreground" data-testid="pension-protection-category">
            {COVERAGE_TAG_NAMES[pension.protectionCategory]}
          </span>
        ) : null}
      </Fact>
      {pension?.employerLink ? (
        <Fact label="Employer">
          {pension.employerName ?? 'Linked to an employer'}
          {pension.employerContributionPolicy ? (
            <span className="block font-normal text-muted-foreground">{pension.employerContributionPolicy}</span>
          ) : null}
        </Fact>
      ) : null}
      <Fact label="Access age">
        {pension?.accessAge ?? view.accessAge.age}
        <span className="block font-normal text-muted-foreground">{view.accessAge.words}</span>
      </Fact>
      {latest ? (
        <Fact label="Transfer">
          <span className="flex flex-wrap items-center gap-2">
            <TransferBadge status={latest.shownStatus} />
            {latest.completedAt ? null : (
              <span className="font-normal text-muted-foreground">
                Expected by {formatShortDate(latest.expectedBy)} ({pension?.transferSlaDays ?? 10} days)
              </span>
            )}
          </span>
        </Fact>
      ) : null}
      {pension?.crystallised ? (
        <Fact label="Benefits taken">
          {pension.crystallisedMethod ? CRYSTALLISED_METHOD_NAMES[pension.crystallisedMethod] : 'Crystallised'}
          <span className="block font-normal text-muted-foreground">
            Tax-free cash taken {pension.pclsTakenPence === null ? 'not given' : money(pension.pclsTakenPence)} ·
            remaining {pension.pclsRemainingPence === null ? 'not given' : money(pension.pclsRemainingPence)}
          </span>
        </Fact>
      ) : null}
    </dl>
  );
}

export function PensionDetailsCard({ account }: { account: Account }) {
  const queryClient = useQueryClient();
  const record = usePensionRecord(account.id);
  const pickerId = useId();
  const [choosing, setChoosing] = useState(false);
  const [editing, setEditing] = useState(false);
  const view = record.data;

  const choose = async (provider: PensionProviderOption | null) => {
    if (!provider || provider.id === view?.provider?.id) return;
    setChoosing(true);
    try {
      await choosePensionProvider(queryClient, account.id, provider.id);
      notify.success(PENSION_MESSAGES.providerUpdated);
    } catch (error) {
      console.warn(PENSION_MESSAGES.providerFailed, error);
      notify.error(PENSION_MESSAGES.providerFailed, { detail: refusalReason(error) });
    } finally {
      setChoosing(false);
    }
  };

  const save = async (input: PensionRecordInput): Promise<string | null> => {
    const adding = view?.pension === null;
    const [success, failure] = adding
      ? [PENSION_MESSAGES.saved, PENSION_MESSAGES.saveFailed]
      : [PENSION_MESSAGES.updated, PENSION_MESSAGES.updateFailed];
    try {
      await savePension(queryClient, account.id, input);
    } catch (error) {
      console.warn(failure, error);
      notify.error(failure, { detail: refusalReason(error) });
      return refusalReason(error) ?? failure;
    }
    notify.success(success);
    setEditing(false);
    return null;
  };

  return (
    <DetailCard title={PENSION_CARD_TEXT.title} description={PENSION_CARD_TEXT.description} className="lg:row-span-2">
      {view ? (
        <div className="grid gap-6">
          <div className="flex flex-wrap justify-end gap-2">
            <Button asChild variant="outline">
              <Link to={pensionCalculatorHref(pensionFactsOf(account, view))}>
                <Calculator aria-hidden />
                Pension calculator
              </Link>
            </Button>
            <Button type="button" variant="outline" onClick={() => setEditing(true)}>
              {view.pension ? <Pencil aria-hidden /> : <Plus aria-hidden />}
              {view.pension ? PENSION_DIALOG_TEXT.editTitle : PENSION_DIALOG_TEXT.addTitle}
            </Button>
          </div>
          <div className="grid gap-2">
            <Label htmlFor={pickerId}>{PENSION_CARD_TEXT.provider}</Label>
            <PensionProviderPicker
              id={pickerId}
              value={view.provider ? providerOption(view.provider) : null}
              disabled={choosing}
              onChange={(provider) => void choose(provider)}
            />
          </div>
          {view.provider ? (
            <ProviderPanel provider={view.provider} />
          ) : (
            <Alert>
              <ShieldAlert aria-hidden />
              <AlertTitle>Protection unknown</AlertTitle>
              <AlertDescription>{PENSION_CARD_TEXT.chooseFirst}</AlertDescription>
            </Alert>
          )}
          <AlertList alerts={view.alerts} />
          <RecordFacts view={view} account={account} />
          <AllowancePanel view={view} />
          <PensionHistory view={view} />
          {editing ? <PensionDialog view={view} onClose={() => setEditing(false)} onSave={save} /> : null}
        </div>
      ) : record.isError ? (
        <SectionLoadError
          message={`${PENSION_MESSAGES.loadDetails}: ${errorMessage(record.error)}`}
          retrying={record.isFetching}
          onRetry={() => void record.refetch()}
        />
      ) : (
        <SectionSkeleton label="Loading pension details" />
      )}
    </DetailCard>
  );
}
