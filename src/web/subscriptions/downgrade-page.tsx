import { useQueryClient } from '@tanstack/react-query';
import { Archive, Check, LoaderCircle, TriangleAlert } from 'lucide-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { formatPence } from '../../core/money/format.ts';
import {
  COMPLETION_DELAY_MS,
  DOWNGRADE_MESSAGES,
  type DowngradeAnalysisItem,
  isDowngrade,
  isDowngradeTier,
  type Recommendation,
  WIZARD_ACCOUNT_CAPS,
} from '../../core/subscriptions/downgrade.ts';
import { TIER_LABELS } from '../../core/subscriptions/tier.ts';
import { refusalReason } from '../app/api.ts';
import { notify } from '../app/notify.ts';
import { paths } from '../app/paths.ts';
import { Alert, AlertDescription, AlertTitle } from '../ui/alert.tsx';
import { Badge } from '../ui/badge.tsx';
import { Button } from '../ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/card.tsx';
import { cn } from '../ui/cn.ts';
import { SectionLoadError } from '../ui/section-states.tsx';
import { Skeleton } from '../ui/skeleton.tsx';
import { PlanChangeFigures } from '../settings/subscription/plan-change-figures.tsx';
import { subscriptionKeys, useSubscription } from './api.ts';
import { usePlanChangePreview } from './billing-actions.ts';
import { type DowngradeResult, useDowngradeAnalysis, useProcessDowngrade } from './downgrade-api.ts';
import {
  ACKNOWLEDGEMENTS,
  type Acknowledgements,
  acknowledgementLabel,
  allAccountsFit,
  initialSelection,
  isConfirmed,
  NO_ACKNOWLEDGEMENTS,
  pricedPlan,
  previousStep,
  RECOMMENDATION_LABELS,
  STEP_LABELS,
  toggleSelection,
  WIZARD_STEPS,
  type WizardStep,
} from './downgrade-wizard.ts';

const BADGE_VARIANTS: Record<Recommendation, 'success' | 'warning' | 'destructive'> = {
  keep: 'success',
  consider_removing: 'warning',
  remove: 'destructive',
};

/**
 * The downgrade wizard (001 §2, §4, §5, §8): analysis → selection → confirmation → processing →
 * complete → finish. Accounts not kept are archived (hidden, not deleted) and come back on an upgrade.
 */
export function DowngradePage() {
  const [params] = useSearchParams();
  const tierParam = params.get('tier');
  const toTier = isDowngradeTier(tierParam) ? tierParam : null;
  const subscription = useSubscription();
  const analysis = useDowngradeAnalysis(toTier);
  const process = useProcessDowngrade();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<WizardStep>('analysis');
  const [selected, setSelected] = useState<string[] | null>(null);
  const [tooMany, setTooMany] = useState(false);
  const [acks, setAcks] = useState<Acknowledgements>(NO_ACKNOWLEDGEMENTS);
  const [result, setResult] = useState<DowngradeResult | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  // The money of the change, asked afresh each time the confirmation step opens (issue 25).
  const preview = usePlanChangePreview(pricedPlan(step, toTier, subscription.data));

  const items = analysis.data?.items;
  const analysable = Array.isArray(items);
  useEffect(() => {
    if (toTier && items && selected === null) setSelected(initialSelection(items, toTier));
  }, [items, toTier, selected]);

  // Processing shows for 3 s after the call answers, then the wizard moves to complete (§4, §9).
  useEffect(() => {
    if (step !== 'processing' || !result) return;
    const timer = setTimeout(() => setStep('complete'), COMPLETION_DELAY_MS);
    return () => clearTimeout(timer);
  }, [step, result]);

  if (!toTier) {
    return (
      <Shell title="Change to a smaller plan">
        <Alert variant="warning" role="alert">
          <TriangleAlert aria-hidden />
          <AlertTitle>Choose Piglet or Boar to change to</AlertTitle>
          <AlertDescription>
            <Link className="underline" to={paths.plans()}>
              Compare the plans
            </Link>
          </AlertDescription>
        </Alert>
      </Shell>
    );
  }
  const plan = TIER_LABELS[toTier];
  const current = subscription.data?.tier;
  if (current && !isDowngrade(current, toTier) && step === 'analysis') {
    return (
      <Shell title={`Change to ${plan}`}>
        <Alert variant="info" role="status">
          <AlertTitle>You are on {TIER_LABELS[current]} already</AlertTitle>
          <AlertDescription>{DOWNGRADE_MESSAGES.notLower}.</AlertDescription>
        </Alert>
      </Shell>
    );
  }

  const cap = WIZARD_ACCOUNT_CAPS[toTier];
  const keep = selected ?? [];
  const all = items ?? [];
  const archive = all.filter((item) => !keep.includes(item.id));

  const figures = preview.data;
  const confirm = () => {
    if (!figures) return;
    setStep('processing');
    setFailed(null);
    process.mutate(
      // The preview's instant: the change charges exactly the figures shown.
      { toTier, selectedAccountsToKeep: keep, selectedAccountsToRemove: archive.map((a) => a.id), at: figures.at },
      {
        onSuccess: setResult,
        onError: (error) => {
          const message = refusalReason(error) ?? DOWNGRADE_MESSAGES.processFailed;
          notify.error(DOWNGRADE_MESSAGES.processFailed);
          setFailed(message);
          setStep('confirmation');
          // Figures out of date (or anything else): the saver confirms today's, not the old ones.
          void preview.refetch();
        },
      },
    );
  };

  const finish = async () => {
    await queryClient.invalidateQueries({ queryKey: subscriptionKeys.mine });
    await navigate('/');
  };

  const back = () => {
    const previous = previousStep(step);
    if (previous) setStep(previous);
    setTooMany(false);
  };

  return (
    <Shell title={`Change to ${plan}`}>
      <StepIndicator step={step} />
      {step === 'analysis' ? (
        <section aria-labelledby="analysis-heading" className="grid gap-4">
          <div>
            <h2 id="analysis-heading" className="text-xl font-semibold">
              How you use your accounts
            </h2>
            <p className="text-sm text-muted-foreground">
              {plan} keeps up to {cap} accounts. We scored each one by its balance, its transactions and its standing
              orders to help you choose.
            </p>
            {items && allAccountsFit(items, toTier) ? (
              <p className="mt-2 text-sm font-medium">
                {items.length === 1
                  ? `Your account fits in ${plan}: you keep it.`
                  : `All ${items.length} of your accounts fit in ${plan}, so you can keep every one: they start ticked to keep. The scores only help if you would rather archive some.`}
              </p>
            ) : null}
          </div>
          {analysis.isError ? (
            <SectionLoadError
              message={DOWNGRADE_MESSAGES.loadFailed}
              onRetry={() => void analysis.refetch()}
              retrying={analysis.isFetching}
            />
          ) : analysis.data && !analysable ? (
            <Alert variant="destructive" role="alert">
              <TriangleAlert aria-hidden />
              <AlertTitle>{DOWNGRADE_MESSAGES.analyseFailed}</AlertTitle>
            </Alert>
          ) : items ? (
            <ul className="grid gap-3 sm:grid-cols-2">
              {items.map((item) => (
                <li key={item.id}>
                  <AnalysisCard item={item} />
                </li>
              ))}
            </ul>
          ) : (
            <div
              className="grid gap-3 sm:grid-cols-2"
              role="status"
              aria-busy="true"
              aria-label="Analysing your accounts"
            >
              <Skeleton className="h-36" />
              <Skeleton className="h-36" />
            </div>
          )}
          <Actions>
            <Button variant="outline" onClick={() => void navigate(paths.plans())}>
              Cancel
            </Button>
            <Button disabled={!items || items.length === 0} onClick={() => setStep('selection')}>
              Continue
            </Button>
          </Actions>
        </section>
      ) : null}

      {step === 'selection' ? (
        <section aria-labelledby="selection-heading" className="grid gap-4">
          <div>
            <h2 id="selection-heading" className="text-xl font-semibold">
              Choose the accounts to keep
            </h2>
            <p className="text-sm text-muted-foreground" aria-live="polite">
              {keep.length} of {cap} selected. The others will be archived.
            </p>
          </div>
          {tooMany ? (
            <Alert variant="destructive" role="alert">
              <TriangleAlert aria-hidden />
              <AlertTitle>{DOWNGRADE_MESSAGES.tooMany}</AlertTitle>
              <AlertDescription>
                {plan} keeps up to {cap} accounts: untick one to choose another.
              </AlertDescription>
            </Alert>
          ) : null}
          <fieldset className="grid gap-2">
            <legend className="sr-only">Accounts to keep on {plan}</legend>
            {all.map((item) => (
              <SelectableAccount
                key={item.id}
                item={item}
                checked={keep.includes(item.id)}
                onToggle={() => {
                  const next = toggleSelection(keep, item.id, toTier);
                  setSelected(next.selected);
                  setTooMany(next.tooMany);
                }}
              />
            ))}
          </fieldset>
          {keep.length === 0 ? <p className="text-sm text-destructive">{DOWNGRADE_MESSAGES.noneSelected}</p> : null}
          <Actions>
            <Button variant="outline" onClick={back}>
              Back
            </Button>
            <Button disabled={keep.length === 0 || keep.length > cap} onClick={() => setStep('confirmation')}>
              Continue
            </Button>
          </Actions>
        </section>
      ) : null}

      {step === 'confirmation' ? (
        <section aria-labelledby="confirm-heading" className="grid gap-4">
          <h2 id="confirm-heading" className="text-xl font-semibold">
            Confirm your change to {plan}
          </h2>
          {failed ? (
            <Alert variant="destructive" role="alert">
              <TriangleAlert aria-hidden />
              <AlertTitle>{DOWNGRADE_MESSAGES.processFailed}</AlertTitle>
              {failed !== DOWNGRADE_MESSAGES.processFailed ? <AlertDescription>{failed}</AlertDescription> : null}
            </Alert>
          ) : null}
          <div className="grid gap-3 sm:grid-cols-2">
            <NameList title={`Keeping (${keep.length})`} names={all.filter((i) => keep.includes(i.id))} />
            <NameList title={`Archiving (${archive.length})`} names={archive} />
          </div>
          <section aria-labelledby="money-heading" className="grid gap-2 rounded-lg border p-4">
            <h3 id="money-heading" className="text-sm font-semibold">
              What the change costs, and when it is charged
            </h3>
            <PlanChangeFigures preview={preview} />
          </section>
          <fieldset className="grid gap-3 rounded-lg border p-4">
            <legend className="px-1 text-sm font-medium">Please confirm</legend>
            {ACKNOWLEDGEMENTS.map((key) => (
              <label key={key} className="flex items-start gap-3 text-sm">
                <input
                  type="checkbox"
                  name={key}
                  className="mt-0.5 size-4 shrink-0 accent-primary"
                  checked={acks[key]}
                  onChange={(e) => setAcks({ ...acks, [key]: e.target.checked })}
                />
                <span>{acknowledgementLabel(key, { archiveCount: archive.length, plan })}</span>
              </label>
            ))}
          </fieldset>
          <Actions>
            <Button variant="outline" onClick={back}>
              Back
            </Button>
            <Button disabled={!isConfirmed(acks) || !figures || preview.isFetching} onClick={confirm}>
              Confirm downgrade
            </Button>
          </Actions>
        </section>
      ) : null}

      {step === 'processing' ? (
        <section
          aria-labelledby="processing-heading"
          aria-live="polite"
          className="grid justify-items-center gap-3 py-10 text-center"
        >
          <LoaderCircle aria-hidden className="size-10 animate-spin text-brand" />
          <h2 id="processing-heading" className="text-xl font-semibold">
            Changing your plan…
          </h2>
          <p className="text-sm text-muted-foreground">
            {archive.length === 0
              ? 'Every account stays.'
              : `Archiving ${archive.length === 1 ? '1 account' : `${archive.length} accounts`}.`}{' '}
            This takes a few seconds.
          </p>
        </section>
      ) : null}

      {step === 'complete' && result ? (
        <section aria-labelledby="complete-heading" className="grid gap-4">
          <Alert variant="success" role="status">
            <Check aria-hidden />
            <AlertTitle id="complete-heading">Your accounts are ready for {plan}</AlertTitle>
            <AlertDescription>
              {result.archived.length === 0
                ? 'No account needed archiving.'
                : `Archived: ${result.archived.map((a) => a.name).join(', ')}. They are kept safe and come back when you upgrade, or restore them from your accounts page.`}
            </AlertDescription>
          </Alert>
          <Actions>
            <Button onClick={() => void finish()}>Finish</Button>
          </Actions>
        </section>
      ) : null}
    </Shell>
  );
}

function Shell({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto grid w-full max-w-4xl gap-6 px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-semibold sm:text-3xl">{title}</h1>
      {children}
    </div>
  );
}

function Actions({ children }: { children: ReactNode }) {
  return <div className="flex flex-wrap justify-between gap-3 border-t pt-4">{children}</div>;
}

function StepIndicator({ step }: { step: WizardStep }) {
  const at = WIZARD_STEPS.indexOf(step);
  return (
    <ol className="flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label="Steps">
      {WIZARD_STEPS.map((s, i) => (
        <li
          key={s}
          aria-current={s === step ? 'step' : undefined}
          className={cn(
            'flex items-center gap-1.5',
            i === at ? 'font-semibold text-foreground' : i < at ? 'text-foreground' : 'text-muted-foreground',
          )}
        >
          <span
            aria-hidden
            className={cn(
              'inline-flex size-6 items-center justify-center rounded-full border text-xs',
              i <= at ? 'border-primary bg-primary text-primary-foreground' : 'border-input',
            )}
          >
            {i < at ? <Check className="size-3.5" /> : i + 1}
          </span>
          {STEP_LABELS[s]}
        </li>
      ))}
    </ol>
  );
}

function ScoreMeter({ score }: { score: number }) {
  return (
    <div className="grid gap-1">
      <div className="flex justify-between text-xs text-muted-foreground">
        <span>Activity score</span>
        <span className="font-medium text-foreground">{score} / 100</span>
      </div>
      <div className="h-2 overflow-hidden rounded-full bg-muted" aria-hidden>
        <div className="h-full rounded-full bg-brand" style={{ width: `${score}%` }} />
      </div>
    </div>
  );
}

function AnalysisCard({ item }: { item: DowngradeAnalysisItem }) {
  return (
    <Card className="h-full" data-testid="analysis-card">
      <CardHeader className="gap-1">
        <div className="flex items-start justify-between gap-2">
          <CardTitle className="text-base">{item.name}</CardTitle>
          <Badge variant={BADGE_VARIANTS[item.recommendation]}>{RECOMMENDATION_LABELS[item.recommendation]}</Badge>
        </div>
        <CardDescription>
          {formatPence(item.balance)}
          {item.hasStandingOrders ? ' · Standing orders' : ''}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2">
        <ScoreMeter score={item.activityScore} />
        <p className="text-sm">{item.reasonForRecommendation}</p>
      </CardContent>
    </Card>
  );
}

function SelectableAccount({
  item,
  checked,
  onToggle,
}: {
  item: DowngradeAnalysisItem;
  checked: boolean;
  onToggle: () => void;
}) {
  const id = useId();
  return (
    <label
      htmlFor={id}
      className={cn(
        'flex cursor-pointer items-center gap-3 rounded-lg border p-3',
        checked ? 'border-primary bg-accent' : 'bg-card',
      )}
    >
      <input id={id} type="checkbox" className="size-4 shrink-0 accent-primary" checked={checked} onChange={onToggle} />
      <span className="grid min-w-0 flex-1">
        <span className="truncate font-medium">{item.name}</span>
        <span className="text-xs text-muted-foreground">
          {formatPence(item.balance)} · score {item.activityScore}
        </span>
      </span>
      <Badge variant={BADGE_VARIANTS[item.recommendation]}>{RECOMMENDATION_LABELS[item.recommendation]}</Badge>
    </label>
  );
}

function NameList({ title, names }: { title: string; names: { id: string; name: string }[] }) {
  const isArchive = title.startsWith('Archiving');
  return (
    <div className="rounded-lg border p-4">
      <h3 className="mb-2 flex items-center gap-2 text-sm font-semibold">
        {isArchive ? <Archive aria-hidden className="size-4" /> : <Check aria-hidden className="size-4" />}
        {title}
      </h3>
      {names.length === 0 ? (
        <p className="text-sm text-muted-foreground">None</p>
      ) : (
        <ul className="grid gap-1 text-sm">
          {names.map((n) => (
            <li key={n.id}>{n.name}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
