import type { Pence } from './types.ts';

/**
 * One holder's share of a joint amount, in pence. Each holder's share counts against their own
 * limit; an odd penny is rounded up so the person's exposure is never understated.
 */
export function holderSharePence(amountPence: Pence, holders: number): Pence {
  if (!Number.isSafeInteger(amountPence)) throw new RangeError(`Amounts must be whole pence: ${amountPence}`);
  if (!Number.isSafeInteger(holders) || holders < 1) throw new RangeError(`An account needs at least one holder: ${holders}`);
  return Math.ceil(amountPence / holders);
}
