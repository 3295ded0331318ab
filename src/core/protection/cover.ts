import type { CalendarDate } from '../dates/calendar-date.ts';
import { holderCoverSharePence, holderSharePence } from './holder-share.ts';
import { isTemporaryHighBalanceActive, temporaryHighBalanceCapPence, temporaryHighBalanceRevertsOn } from './thb.ts';
import type { AccountInput, LifeEvent, Pence } from './types.ts';

/** The cover one person has at one institution under one scheme, all in pence. */
export type InstitutionCover = {
  exposurePence: Pence;
  coveredPence: Pence;
  uncoveredPence: Pence;
  /** Extra cover from active temporary high balances, on top of the standard limit. */
  temporaryHighBalanceCoveredPence: Pence;
  /** The earliest date an active temporary high balance here reverts to the standard limit. */
  temporaryHighBalanceRevertsOn: CalendarDate | null;
};

/** The person's share of an account's balance; an overdrawn account holds nothing to protect. */
export function exposureSharePence(account: AccountInput): Pence {
  return Math.max(0, holderSharePence(account.balancePence, account.holders));
}

/**
 * Cover at one institution on `date` for `accounts` (all in the same exposure group), with the
 * standard limit `limitPence`. Qualifying temporary high balances are covered per life event up
 * to their own cap on top of the standard limit; any excess over that cap joins the rest of the
 * money under the standard limit. Temporary high balances are a deposit rule: pass
 * `hasTemporaryHighBalanceCover` false for investments.
 */
export function coverAtInstitution(
  accounts: readonly AccountInput[],
  limitPence: Pence,
  date: CalendarDate,
  hasTemporaryHighBalanceCover = true,
): InstitutionCover {
  let exposurePence = 0;
  let revertsOn: CalendarDate | null = null;
  // Made only when a temporary high balance is active: most institutions have none.
  let qualifyingByEvent: Map<LifeEvent, { qualifyingPence: Pence; capPence: Pence }> | null = null;
  for (const account of accounts) {
    const sharePence = exposureSharePence(account);
    exposurePence += sharePence;
    const thb = account.temporaryHighBalance;
    if (!thb || !hasTemporaryHighBalanceCover || !isTemporaryHighBalanceActive(thb, date)) continue;
    const qualifyingPence = Math.min(
      sharePence,
      Math.max(0, holderCoverSharePence(thb.qualifyingPence, account.holders)),
    );
    // Two accounts naming the same life event at one firm are one event: the smaller cap holds.
    qualifyingByEvent ??= new Map();
    const event = qualifyingByEvent.get(thb.lifeEvent);
    const capPence = temporaryHighBalanceCapPence(thb);
    qualifyingByEvent.set(thb.lifeEvent, {
      qualifyingPence: (event?.qualifyingPence ?? 0) + qualifyingPence,
      capPence: Math.min(event?.capPence ?? capPence, capPence),
    });
    const reverts = temporaryHighBalanceRevertsOn(thb);
    if (revertsOn === null || reverts < revertsOn) revertsOn = reverts;
  }
  let thbCoveredPence = 0;
  for (const { qualifyingPence, capPence } of qualifyingByEvent?.values() ?? [])
    thbCoveredPence += Math.min(qualifyingPence, capPence);
  const standardCoveredPence = Math.min(exposurePence - thbCoveredPence, limitPence);
  const coveredPence = thbCoveredPence + standardCoveredPence;
  return {
    exposurePence,
    coveredPence,
    uncoveredPence: exposurePence - coveredPence,
    temporaryHighBalanceCoveredPence: thbCoveredPence,
    temporaryHighBalanceRevertsOn: revertsOn,
  };
}
