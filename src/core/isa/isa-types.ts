/**
 * ISA types as the spec stores them (001 §4: cash, stocks_and_shares, ifisa, lisa, jisa), their
 * names in words, and the money that moves in and out of an ISA as the allowance rules see it.
 */
import type { CalendarDate } from '../dates/calendar-date.ts';

export const ISA_TYPES = ['cash', 'stocks_and_shares', 'ifisa', 'lisa', 'jisa'] as const;
export type IsaType = (typeof ISA_TYPES)[number];

/** The ISA types that share the adult allowance (a Junior ISA has its own limit per child). */
export const ADULT_ISA_TYPES = ['cash', 'stocks_and_shares', 'ifisa', 'lisa'] as const;
export type AdultIsaType = (typeof ADULT_ISA_TYPES)[number];

export const ISA_TYPE_NAMES: Readonly<Record<IsaType, string>> = {
  cash: 'Cash ISA',
  stocks_and_shares: 'Stocks and Shares ISA',
  ifisa: 'Innovative Finance ISA',
  lisa: 'Lifetime ISA',
  jisa: 'Junior ISA',
};

/**
 * Which ISA types can be flexible (money taken out can be put back in the same tax year without
 * using allowance). A Lifetime ISA's withdrawals are charged instead, and a Junior ISA's money
 * is the child's until 18: neither is flexible whatever the account says.
 */
export const FLEXIBLE_CAPABLE: Readonly<Record<IsaType, boolean>> = {
  cash: true,
  stocks_and_shares: true,
  ifisa: true,
  lisa: false,
  jisa: false,
};

/**
 * Money into or out of an ISA, as the allowance sees it:
 * - `subscription`: new money paid in (a deposit). On a flexible ISA it first puts back money
 *   taken out earlier in the same tax year; only the rest uses allowance.
 * - `withdrawal`: money taken out. On a flexible ISA it can be put back by 5 April.
 * - `transfer_in`: money moved in from another ISA: never uses allowance.
 * - `transfer_out`: money moved to another ISA: neither uses nor restores allowance.
 * Interest, growth, fees and stated balances are not subscriptions and are left out by the caller.
 */
export const ISA_MOVEMENT_KINDS = ['subscription', 'withdrawal', 'transfer_in', 'transfer_out'] as const;
export type IsaMovementKind = (typeof ISA_MOVEMENT_KINDS)[number];

export type IsaMovement = {
  date: CalendarDate;
  /** Whole pence, greater than 0 (the kind says which way it moves). */
  amountPence: number;
  kind: IsaMovementKind;
};

/** One ISA the user holds, at any provider, with its money movements (any dates). */
export type IsaAccountInput = {
  id: string;
  /** How the account is named in sentences, e.g. 'Nationwide Cash ISA'. */
  name: string;
  isaType: IsaType;
  isFlexible: boolean;
  /** Junior ISAs only: whose allowance it uses. Junior ISAs of one child share one limit. */
  childId?: string | null;
  /** Junior ISAs only: the child's name for sentences. */
  childName?: string | null;
  movements: readonly IsaMovement[];
};
