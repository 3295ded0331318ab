/**
 * One ISA's money in one tax year, through the flexible ISA ledger (the spec's
 * `isa_flexible_ledger`: withdrawn and replaced amounts per account and tax year).
 *
 * On a flexible ISA, money taken out can be put back in the same tax year without using
 * allowance: a payment in first replaces what was taken out before it, and only the rest is a
 * new subscription. What is not put back by 5 April cannot be put back later (the ledger starts
 * again at nil each tax year). Replacement must go back into the same ISA, so the ledger is per
 * account. On a non-flexible ISA every payment in is a new subscription.
 */
import type { TaxYear } from '../dates/tax-year.ts';
import { isInTaxYear } from '../dates/tax-year.ts';
import { FLEXIBLE_CAPABLE, type IsaAccountInput, type IsaMovement } from './isa-types.ts';

/** A payment that used allowance: the new-money part of a subscription. */
export type CountedSubscription = { accountId: string; date: string; amountPence: number; order: number };

export type IsaAccountYear = {
  accountId: string;
  /** Whether the ledger treated the account as flexible (a Lifetime or Junior ISA never is). */
  isFlexible: boolean;
  /** Everything paid in as subscriptions, pence: new money plus replacements. */
  paidInPence: number;
  /** New money: what uses allowance, pence. */
  subscribedPence: number;
  /** Paid in that put back money taken out earlier in the tax year, pence (flexible ISAs only). */
  replacedPence: number;
  /** Taken out in the tax year, pence (transfers out not included). */
  withdrawnPence: number;
  /** Taken out of a flexible ISA and not yet put back: can be put back by 5 April, pence. */
  replaceablePence: number;
  transferredInPence: number;
  transferredOutPence: number;
  /** The new-money part of each subscription, in date order. */
  subscriptions: CountedSubscription[];
};

function checkMovement(movement: IsaMovement, accountId: string): void {
  if (!Number.isSafeInteger(movement.amountPence) || movement.amountPence <= 0) {
    throw new RangeError(`ISA movement amounts are whole pence above 0 (${accountId}): ${movement.amountPence}`);
  }
}

/**
 * The account's movements in the tax year, in the order the ledger takes them: by date, and on
 * one day withdrawals before payments in (a same-day withdrawal and payment is the saver putting
 * the money back, which is how flexible ISAs are used), otherwise as given.
 */
function movementsInYear(account: IsaAccountInput, taxYear: TaxYear): { movement: IsaMovement; order: number }[] {
  return account.movements
    .map((movement, order) => ({ movement, order }))
    .filter(({ movement }) => isInTaxYear(movement.date, taxYear))
    .sort(
      (a, b) =>
        (a.movement.date < b.movement.date ? -1 : a.movement.date > b.movement.date ? 1 : 0) ||
        Number(b.movement.kind === 'withdrawal') - Number(a.movement.kind === 'withdrawal') ||
        a.order - b.order,
    );
}

/** One account's tax year through the ledger: what it subscribed, replaced and can still replace, in pence. */
export function accountYear(account: IsaAccountInput, taxYear: TaxYear): IsaAccountYear {
  const isFlexible = account.isFlexible && FLEXIBLE_CAPABLE[account.isaType];
  const year: IsaAccountYear = {
    accountId: account.id,
    isFlexible,
    paidInPence: 0,
    subscribedPence: 0,
    replacedPence: 0,
    withdrawnPence: 0,
    replaceablePence: 0,
    transferredInPence: 0,
    transferredOutPence: 0,
    subscriptions: [],
  };
  for (const { movement, order } of movementsInYear(account, taxYear)) {
    checkMovement(movement, account.id);
    const amount = movement.amountPence;
    switch (movement.kind) {
      case 'subscription': {
        const replaced = isFlexible ? Math.min(amount, year.replaceablePence) : 0;
        year.paidInPence += amount;
        year.replacedPence += replaced;
        year.replaceablePence -= replaced;
        if (amount > replaced) {
          year.subscribedPence += amount - replaced;
          year.subscriptions.push({
            accountId: account.id,
            date: movement.date,
            amountPence: amount - replaced,
            order,
          });
        }
        break;
      }
      case 'withdrawal':
        year.withdrawnPence += amount;
        if (isFlexible) year.replaceablePence += amount;
        break;
      case 'transfer_in':
        year.transferredInPence += amount;
        break;
      case 'transfer_out':
        year.transferredOutPence += amount;
        break;
    }
  }
  return year;
}
