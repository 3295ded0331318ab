import type { Pence } from './types.ts';

function checked(amountPence: Pence, holders: number): void {
  if (!Number.isSafeInteger(amountPence)) throw new RangeError(`Amounts must be whole pence: ${amountPence}`);
  if (!Number.isSafeInteger(holders) || holders < 1)
    throw new RangeError(`An account needs at least one holder: ${holders}`);
}

/**
 * One holder's share of a joint amount, in pence. Each holder's share counts against their own
 * limit; an odd penny is rounded up so the person's exposure is never understated.
 */
export function holderSharePence(amountPence: Pence, holders: number): Pence {
  checked(amountPence, holders);
  return Math.ceil(amountPence / holders);
}

/**
 * One holder's share of a joint amount that adds cover (a qualifying temporary high balance), in
 * pence: an odd penny is rounded down so cover is never overstated.
 */
export function holderCoverSharePence(amountPence: Pence, holders: number): Pence {
  checked(amountPence, holders);
  return Math.floor(amountPence / holders);
}
