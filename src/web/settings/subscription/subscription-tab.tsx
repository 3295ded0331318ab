import { CalendarClock, CircleCheck, CreditCard, ExternalLink, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatLongDate } from '../../../core/checker/text.ts';
import { calendarDateInLondon } from '../../../core/dates/calendar-date.ts';
import { formatPence } from '../../../core/money/format.ts';
import { gracePeriodMessage } from '../../../core/subscriptions/payment-failure.ts';
import { type RequiredTier, TIER_LABELS } from '../../../core/subscriptions/tier.ts';
import { useAccounts } from '../../accounts/api.ts';
import { refusalReason } from '../../app/api.ts';
import { notify } from '../../app/notify.ts';
import { paths } from '../../app/paths.ts';
import { type Subscription, usePrices, useSubscription } from '../../subscriptions/api.ts';
import { annualSavingBadge } from '../../../core/subscriptions/plans.ts';
import {
  BILLING_MESSAGES,
  type BillingCycle,
  type Invoice,
  planChangeFor,
  useCancelAtPeriodEnd,
  useChangePlan,
  useInvoices,
  useOpenPortal,
  usePlanChangePreview,
} from '../../subscriptions/billing-actions.ts';
import { graceOf } from '../../subscriptions/grace.ts';
import { planChangeTitle } from '../../../core/subscriptions/plan-change-words.ts';
import { PaymentActions, ProviderPageButton } from '../../subscriptions/payment-actions.tsx';
import { Badge } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../ui/dialog.tsx';
import { SectionLoadError, SectionSkeleton } from '../../ui/section-states.tsx';
import { SettingsSection } from '../settings-section.tsx';
import { PlanChangeFigures } from './plan-change-figures.tsx';
import { PAYMENT_STATUS_LABELS, tableDateText } from '../../admin/subscriptions/subscription-text.ts';

/** The status badge's colour (never alone: the words, the admin screens' own, say it). */
const STATUS_VARIANT: Record<string, 'success' | 'destructive' | 'info' | 'secondary'> = {
  active: 'success',
  trial: 'info',
  past_due: 'destructive',
  failed: 'destructive',
  action_required: 'destructive',
};

const INVOICE_STATUS: Record<Invoice['status'], string> = {
  paid: 'Paid',
  open: 'Due',
  void: 'Void',
  uncollectible: 'Unpaid',
  draft: 'Draft',
};

const PAID_TIERS: readonly RequiredTier[] = ['piglet', 'boar', 'bigpig'];

/** An instant as its London date in prose ('3 December 2026'). */
const proseDate = (iso: string) => formatLongDate(calendarDateInLondon(new Date(iso)));

/** A paying subscription the card provider holds (not a trial, override or promo alone). */
function isPaid(s: Subscription): boolean {
  return s.hasBillingCustomer && s.billingCycle !== null && !s.isTrialing;
}

function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[12rem_1fr] sm:gap-4">
      <dt className="text-sm text-muted-foreground">{term}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}

function PlanSection({ subscription }: { subscription: Subscription }) {
  const portal = useOpenPortal();
  const grace = graceOf(subscription, new Date());
  const end = subscription.currentPeriodEnd;
  // A cancelled plan whose period is over: the features follow Piglet now (ADR 0045), say why. The
  // provider may not have said 'canceled' yet; the plan has ended all the same.
  const ended = end !== null && subscription.cancelAtPeriodEnd && new Date(end).getTime() <= Date.now();
  const statusKey = ended ? 'canceled' : subscription.paymentStatus;
  const status = {
    words: PAYMENT_STATUS_LABELS[statusKey] ?? statusKey,
    variant: STATUS_VARIANT[statusKey] ?? 'secondary',
  };
  return (
    <SettingsSection title="Your plan" description="Your plan, its status and when it renews.">
      <dl className="grid gap-3">
        <Fact term="Current plan">
          {TIER_LABELS[subscription.tier]}
          {ended ? (
            <span className="block font-normal text-muted-foreground">
              Your paid plan has ended. Everything you added is kept; choose a plan to have its features again.
            </span>
          ) : null}
        </Fact>
        <Fact term="Status">
          <Badge variant={status.variant}>{status.words}</Badge>
        </Fact>
        {subscription.billingCycle ? (
          <Fact term="Billing cycle">{subscription.billingCycle === 'annual' ? 'Annual' : 'Monthly'}</Fact>
        ) : null}
        {end ? (
          <Fact term={ended ? 'Ended on' : subscription.cancelAtPeriodEnd ? 'Ends on' : 'Renews on'}>
            {proseDate(end)}
          </Fact>
        ) : null}
        {subscription.isTrialing && subscription.trialExpiresAt ? (
          <Fact term="Trial ends">
            {proseDate(subscription.trialExpiresAt)}
            {subscription.trialDaysLeft !== null ? (
              <span className="font-normal text-muted-foreground">
                {subscription.trialDaysLeft === 0
                  ? ' (today)'
                  : ` (in ${subscription.trialDaysLeft} ${subscription.trialDaysLeft === 1 ? 'day' : 'days'})`}
              </span>
            ) : null}
          </Fact>
        ) : null}
        {subscription.promo ? (
          <Fact term="Promo">
            {`${subscription.promo.tier ? `${TIER_LABELS[subscription.promo.tier]} ` : ''}until ${proseDate(subscription.promo.expiresAt)}`}
          </Fact>
        ) : null}
        {subscription.hasAdminOverride ? <Fact term="Set by">An administrator gave you Big Pig</Fact> : null}
      </dl>
      {grace && grace.graceDaysLeft !== null ? (
        <div role="alert" className="mt-5 grid gap-3 rounded-lg border border-destructive/40 bg-destructive-soft p-4">
          <p className="flex items-start gap-2 text-sm">
            <TriangleAlert className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
            {gracePeriodMessage(grace, grace.graceDaysLeft)}
          </p>
          <PaymentActions />
        </div>
      ) : null}
      <div className="mt-5 flex flex-wrap gap-2">
        {subscription.isTrialing || !subscription.isActive ? (
          <Button asChild>
            <Link to={paths.subscribe()}>Choose Plan</Link>
          </Button>
        ) : null}
        {subscription.hasBillingCustomer ? (
          <ProviderPageButton
            action={portal}
            label="Manage Subscription"
            icon={CreditCard}
            size="default"
            failure={() => BILLING_MESSAGES.portalFailed}
          />
        ) : null}
      </div>
    </SettingsSection>
  );
}

function ChangePlanSection({ subscription }: { subscription: Subscription }) {
  const navigate = useNavigate();
  const accounts = useAccounts();
  const change = useChangePlan();
  const [cycle, setCycle] = useState<BillingCycle>(subscription.billingCycle ?? 'monthly');
  // The plan whose figures are being confirmed (the dialog is open while set).
  const [confirming, setConfirming] = useState<{ tier: RequiredTier; cycle: BillingCycle } | null>(null);
  const prices = usePrices().data?.prices;
  const annualSaving = prices ? annualSavingBadge(prices) : null;
  // The cap counts the accounts a plan limits (the server's count), as the wizard will.
  const activeAccounts = accounts.data?.cap.count;

  const choose = (tier: RequiredTier) => {
    if (activeAccounts === undefined) return;
    const step = planChangeFor(
      { tier: subscription.tier, cycle: subscription.billingCycle },
      { tier, cycle },
      activeAccounts,
    );
    if (step.kind === 'downgrade-wizard') void navigate(step.to);
    else if (step.kind === 'change-plan') setConfirming({ tier: step.tier, cycle: step.cycle });
  };
  const confirm = (at: string) => {
    if (!confirming) return;
    const plan = confirming;
    change.mutate(
      { ...plan, at },
      {
        onSuccess: () => {
          setConfirming(null);
          notify.success(`Your plan is now ${TIER_LABELS[plan.tier]} (${plan.cycle}).`);
        },
        onError: (error) => notify.error(refusalReason(error) ?? BILLING_MESSAGES.changeFailed),
      },
    );
  };

  return (
    <SettingsSection
      title="Change plan"
      description="A bigger plan starts at once on the card you pay with. Moving to a smaller plan with more accounts than it allows lets you choose which accounts to keep."
    >
      <fieldset className="mb-4 flex flex-wrap gap-4">
        <legend className="mb-2 text-sm font-medium">Billing cycle</legend>
        {(['monthly', 'annual'] as const).map((value) => (
          <label key={value} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="billing-cycle"
              value={value}
              checked={cycle === value}
              onChange={() => setCycle(value)}
              className="size-4 accent-[var(--color-brand)]"
            />
            {value === 'annual' ? (annualSaving ? `Annual (${annualSaving})` : 'Annual') : 'Monthly'}
          </label>
        ))}
      </fieldset>
      <ul className="grid gap-2 sm:grid-cols-3">
        {PAID_TIERS.map((tier) => {
          const step =
            activeAccounts === undefined
              ? null
              : planChangeFor(
                  { tier: subscription.tier, cycle: subscription.billingCycle },
                  { tier, cycle },
                  activeAccounts,
                );
          const isCurrent = step?.kind === 'current';
          return (
            <li key={tier}>
              <Button
                type="button"
                className="w-full"
                variant={isCurrent ? 'secondary' : 'outline'}
                disabled={step === null || isCurrent || change.isPending}
                onClick={() => choose(tier)}
              >
                {isCurrent ? `${TIER_LABELS[tier]} (current)` : `Switch to ${TIER_LABELS[tier]}`}
              </Button>
            </li>
          );
        })}
      </ul>
      <PlanChangeDialog
        plan={confirming}
        busy={change.isPending}
        onConfirm={confirm}
        onClose={() => !change.isPending && setConfirming(null)}
      />
    </SettingsSection>
  );
}

/** The price, the credit and the charge of a change, and when, before it is made (issue 25). */
function PlanChangeDialog({
  plan,
  busy,
  onConfirm,
  onClose,
}: {
  plan: { tier: RequiredTier; cycle: BillingCycle } | null;
  busy: boolean;
  onConfirm: (at: string) => void;
  onClose: () => void;
}) {
  const preview = usePlanChangePreview(plan);
  return (
    <Dialog open={plan !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{plan ? planChangeTitle(plan) : ''}</DialogTitle>
          <DialogDescription>What the change costs, and when it is charged.</DialogDescription>
        </DialogHeader>
        <PlanChangeFigures preview={preview} />
        <DialogFooter>
          <Button type="button" variant="outline" disabled={busy} onClick={onClose}>
            Keep my plan
          </Button>
          <Button
            type="button"
            disabled={!preview.data || busy}
            onClick={() => preview.data && onConfirm(preview.data.at)}
          >
            {busy ? 'Changing...' : 'Confirm change'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function CancelSection({ subscription }: { subscription: Subscription }) {
  const [open, setOpen] = useState(false);
  const cancel = useCancelAtPeriodEnd();
  const end = subscription.currentPeriodEnd ? proseDate(subscription.currentPeriodEnd) : null;
  const run = (cancelAtPeriodEnd: boolean) =>
    cancel.mutate(
      { cancelAtPeriodEnd },
      {
        onSuccess: () => {
          setOpen(false);
          notify.success(
            cancelAtPeriodEnd
              ? 'Your subscription will end at the end of this period.'
              : 'Your subscription will renew.',
          );
        },
        onError: (error) => notify.error(refusalReason(error) ?? BILLING_MESSAGES.cancelFailed),
      },
    );

  if (subscription.cancelAtPeriodEnd)
    return (
      <SettingsSection title="Subscription ending" description={end ? `Your subscription ends on ${end}.` : undefined}>
        <Button type="button" disabled={cancel.isPending} onClick={() => run(false)}>
          <CircleCheck aria-hidden />
          {cancel.isPending ? 'Resuming...' : 'Resume subscription'}
        </Button>
      </SettingsSection>
    );

  return (
    <SettingsSection
      title="Cancel subscription"
      tone="danger"
      description="You keep your plan until the end of the period you have paid for; nothing more is charged."
    >
      <Button type="button" variant="destructive" onClick={() => setOpen(true)}>
        Cancel subscription
      </Button>
      <Dialog open={open} onOpenChange={(next) => !cancel.isPending && setOpen(next)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Cancel your subscription?</DialogTitle>
            <DialogDescription>
              {end
                ? `Your ${TIER_LABELS[subscription.tier]} plan stays until ${end}, then ends. You can resume it before then.`
                : 'Your plan stays until the end of this period, then ends. You can resume it before then.'}
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button type="button" variant="outline" disabled={cancel.isPending} onClick={() => setOpen(false)}>
              Keep subscription
            </Button>
            <Button type="button" variant="destructive" disabled={cancel.isPending} onClick={() => run(true)}>
              {cancel.isPending ? 'Cancelling...' : 'Cancel at period end'}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </SettingsSection>
  );
}

function InvoicesSection() {
  const invoices = useInvoices(true);
  return (
    <SettingsSection title="Invoices" description="Your invoices from the card provider.">
      {invoices.isPending ? (
        <SectionSkeleton label="Loading your invoices" rows={3} />
      ) : invoices.isError ? (
        <SectionLoadError
          message={BILLING_MESSAGES.invoicesFailed}
          onRetry={() => void invoices.refetch()}
          retrying={invoices.isFetching}
        />
      ) : invoices.data.invoices.length === 0 ? (
        <p className="text-sm text-muted-foreground">No invoices yet.</p>
      ) : (
        <table className="w-full text-sm">
          <caption className="sr-only">Invoices, newest first</caption>
          <thead className="hidden sm:table-header-group">
            <tr className="border-b text-left text-muted-foreground">
              <th scope="col" className="py-2 font-medium">
                Date
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                Amount
              </th>
              <th scope="col" className="py-2 pl-4 font-medium">
                Status
              </th>
              <th scope="col" className="py-2 font-medium">
                <span className="sr-only">Invoice</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {invoices.data.invoices.map((invoice) => (
              <tr key={invoice.id} className="grid grid-cols-2 gap-1 border-b py-2 sm:table-row sm:py-0">
                <td className="sm:py-2">{tableDateText(invoice.createdAt)}</td>
                <td className="text-right tabular-nums sm:py-2">{formatPence(invoice.amountPence)}</td>
                <td className="sm:py-2 sm:pl-4">{INVOICE_STATUS[invoice.status] ?? invoice.status}</td>
                <td className="text-right sm:py-2">
                  {invoice.url ? (
                    <a
                      href={invoice.url}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="inline-flex items-center gap-1 font-medium text-brand underline-offset-4 hover:underline"
                    >
                      View invoice
                      <span className="sr-only">
                        {' '}
                        {invoice.number ?? tableDateText(invoice.createdAt)} (opens in a new tab)
                      </span>
                      <ExternalLink className="size-3.5" aria-hidden />
                    </a>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </SettingsSection>
  );
}

/** Settings → Subscription (issue 17): the plan, its renewal, changing it, cancelling, invoices. */
export function SubscriptionTab() {
  const subscription = useSubscription();
  if (subscription.isPending) return <SectionSkeleton label="Loading your subscription" rows={4} />;
  if (subscription.isError)
    return (
      <SectionLoadError
        message={`Subscription error: ${subscription.error.message}`}
        onRetry={() => void subscription.refetch()}
        retrying={subscription.isFetching}
      />
    );
  const s = subscription.data;
  const paid = isPaid(s);
  return (
    <div className="grid gap-6">
      <PlanSection subscription={s} />
      {paid && s.isActive ? <ChangePlanSection subscription={s} /> : null}
      {paid && s.isActive ? <CancelSection subscription={s} /> : null}
      {s.hasBillingCustomer ? <InvoicesSection /> : null}
      {!s.hasSubscription ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <CalendarClock className="size-4" aria-hidden />
          You are on the Big Pig trial with no end date: choose a plan whenever you like.
        </p>
      ) : null}
    </div>
  );
}
