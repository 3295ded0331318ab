/**
 * The downgrade wizard's steps and selection (001 §4, §5): pure, so the page only renders them.
 */
import {
  canSelectMore,
  checkSelection,
  type DowngradeAnalysisItem,
  type DowngradeTier,
  WIZARD_ACCOUNT_CAPS,
} from '../../core/subscriptions/downgrade.ts';
import type { BillingCycle } from '../../core/subscriptions/plans.ts';

export const WIZARD_STEPS = ['analysis', 'selection', 'confirmation', 'processing', 'complete'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

export const STEP_LABELS: Readonly<Record<WizardStep, string>> = {
  analysis: 'Analysis',
  selection: 'Choose accounts',
  confirmation: 'Confirm',
  processing: 'Processing',
  complete: 'Done',
};

/** Back: from selection to analysis and from confirmation to selection; nowhere else (§4). */
export function previousStep(step: WizardStep): WizardStep | null {
  if (step === 'selection') return 'analysis';
  if (step === 'confirmation') return 'selection';
  return null;
}

/**
 * The plan whose money the confirmation step states (GET /api/billing/change-preview): the lower
 * tier on the cycle the saver pays, as the downgrade itself moves them (monthly when there is
 * none, as the server assumes). Asked on the confirmation step and while the change is processed
 * (a refusal brings today's figures); null elsewhere, or before the subscription has loaded.
 */
export function pricedPlan(
  step: WizardStep,
  toTier: DowngradeTier | null,
  subscription: { billingCycle: BillingCycle | null } | undefined,
): { tier: DowngradeTier; cycle: BillingCycle } | null {
  if (!toTier || !subscription || (step !== 'confirmation' && step !== 'processing')) return null;
  return { tier: toTier, cycle: subscription.billingCycle ?? 'monthly' };
}

/**
 * Every account fits in the plan: keeping them all is a selection the server's check
 * (`checkSelection`) accepts, so nothing needs archiving (the wizard ticks them all and says so).
 */
export function allAccountsFit(items: readonly unknown[], toTier: DowngradeTier): boolean {
  return checkSelection(items.length, toTier).ok;
}

/**
 * The accounts ticked to start with: every one when they all fit in the tier (nothing needs
 * archiving, whatever the scores say); otherwise those the analysis says to keep, most active
 * first, as many as the tier keeps (the user changes them freely below the cap).
 */
export function initialSelection(items: readonly DowngradeAnalysisItem[], toTier: DowngradeTier): string[] {
  const allFit = allAccountsFit(items, toTier);
  return [...items]
    .filter((item) => allFit || item.recommendation === 'keep')
    .sort((a, b) => b.activityScore - a.activityScore || b.balance - a.balance)
    .slice(0, WIZARD_ACCOUNT_CAPS[toTier])
    .map((item) => item.id);
}

/**
 * Ticks or unticks `id`. A tick past the cap is refused: the selection stays as it was and
 * `tooMany` says so ('Too many selected!').
 */
export function toggleSelection(
  selected: readonly string[],
  id: string,
  toTier: DowngradeTier,
): { selected: string[]; tooMany: boolean } {
  if (selected.includes(id)) return { selected: selected.filter((s) => s !== id), tooMany: false };
  if (!canSelectMore(selected.length, toTier)) return { selected: [...selected], tooMany: true };
  return { selected: [...selected, id], tooMany: false };
}

export const ACKNOWLEDGEMENTS = ['understandRemoval', 'understandArchiving', 'confirmDowngrade'] as const;
export type Acknowledgement = (typeof ACKNOWLEDGEMENTS)[number];
export type Acknowledgements = Record<Acknowledgement, boolean>;

export const NO_ACKNOWLEDGEMENTS: Acknowledgements = {
  understandRemoval: false,
  understandArchiving: false,
  confirmDowngrade: false,
};

/** Confirmation needs all three (§5). */
export function isConfirmed(acks: Acknowledgements): boolean {
  return ACKNOWLEDGEMENTS.every((key) => acks[key]);
}

export function acknowledgementLabel(
  key: Acknowledgement,
  { archiveCount, plan }: { archiveCount: number; plan: string },
) {
  const accounts = archiveCount === 1 ? '1 account' : `${archiveCount} accounts`;
  switch (key) {
    case 'understandRemoval':
      return archiveCount === 0
        ? 'I understand that I keep every account: none will disappear from my accounts list, dashboard, totals and alerts.'
        : `I understand that the ${accounts} I did not keep will disappear from my accounts list, dashboard, totals and alerts.`;
    case 'understandArchiving':
      return archiveCount === 0
        ? 'I understand that an account is archived, not deleted, if I ever archive one: its transactions and standing orders are kept, and it comes back when I upgrade or restore it.'
        : 'I understand they are archived, not deleted: their transactions and standing orders are kept, their standing orders stop running, and they come back when I upgrade or restore them.';
    case 'confirmDowngrade':
      return `I want to change to the ${plan} plan.`;
  }
}

export const RECOMMENDATION_LABELS = {
  keep: 'Keep',
  consider_removing: 'Consider removing',
  remove: 'Remove',
} as const;
