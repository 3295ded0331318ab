/**
 * The Lifetime ISA withdrawal charge: a percentage of an unauthorised withdrawal (25% today, from
 * the dated table), which takes back the government bonus and some of the saver's own money.
 * No charge for buying a first home, at 60 or over, with a terminal illness, or on death.
 */
import type { CalendarDate } from '../dates/calendar-date.ts';
import { formatPence } from '../money/format.ts';
import { formatShortDate } from '../standing-orders/text.ts';
import { lisaWithdrawalChargePercentOn } from './isa-figures.ts';

/**
 * Why the money comes out. `property`, `retirement` and `terminal_illness` are the spec's
 * lifetime_isa_penalty `withdrawal_purpose` values; `death` and `other` complete the list.
 * `property` is free only for a first home within the price limit bought through a conveyancer
 * with the account open 12 months or more; `retirement` only at 60 or over: the caller says so
 * by choosing them.
 */
export const LISA_WITHDRAWAL_PURPOSES = ['property', 'retirement', 'terminal_illness', 'death', 'other'] as const;
export type LisaWithdrawalPurpose = (typeof LISA_WITHDRAWAL_PURPOSES)[number];

const CHARGE_FREE: Readonly<Record<LisaWithdrawalPurpose, string | null>> = {
  property: 'buying your first home',
  retirement: 'taking the money at 60 or over',
  terminal_illness: 'a terminal illness',
  death: "the account holder's death",
  other: null,
};

export type LisaWithdrawalCharge = {
  chargePence: number;
  percent: number;
  /** What the saver gets after the charge, pence. */
  receivedPence: number;
  words: string;
};

/**
 * The charge on taking `amountPence` out of a Lifetime ISA on `date` for `purpose`, in pence,
 * rounded half up to the penny. Throws RangeError for an amount that is not whole pence above 0.
 */
export function lisaWithdrawalCharge(
  amountPence: number,
  date: CalendarDate,
  purpose: LisaWithdrawalPurpose,
): LisaWithdrawalCharge {
  if (!Number.isSafeInteger(amountPence) || amountPence <= 0) {
    throw new RangeError(`A withdrawal is whole pence above 0: ${amountPence}`);
  }
  const free = CHARGE_FREE[purpose];
  if (free !== null) {
    return {
      chargePence: 0,
      percent: 0,
      receivedPence: amountPence,
      words: `No withdrawal charge for ${free}: you receive all ${formatPence(amountPence)}.`,
    };
  }
  const percent = lisaWithdrawalChargePercentOn(date).value;
  const chargePence = Math.floor((amountPence * percent + 50) / 100);
  return {
    chargePence,
    percent,
    receivedPence: amountPence - chargePence,
    words: `Taking ${formatPence(amountPence)} out on ${formatShortDate(date)} costs a ${percent}% withdrawal charge of ${formatPence(chargePence)}, so you receive ${formatPence(amountPence - chargePence)}. The charge takes back the government bonus and some of your own money.`,
  };
}
