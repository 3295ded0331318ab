import type { Pence, TemporaryHighBalance } from '../protection/types.ts';

/** The most rows one check holds (the bank look-up restores at most 50 ids at once). */
export const MAX_ROWS = 50;

/** Who holds an account: 1 for a sole account, 2 to 4 for a joint one. */
export const MIN_HOLDERS = 1;
export const MAX_HOLDERS = 4;

/** The largest amount one row may hold, in pence (£1,000,000,000): keeps every sum a safe integer. */
export const MAX_AMOUNT_PENCE: Pence = 1_000_000_000_00;

/** One row of the public checker: money at one bank, as the visitor typed it. */
export type CheckerRow = {
  /** The bank reference's id (a UUID stable across machines). */
  bankId: string;
  /** The whole account's balance, in pence. */
  amountPence: Pence;
  /** 1 for a sole account, 2 to 4 for a joint account. */
  holders: number;
  /** A qualifying temporary high balance: life event, qualifying pence (whole account), credited date. */
  temporaryHighBalance?: TemporaryHighBalance;
};

/** Everything the checker needs to restore a check: all of it lives in the URL fragment. */
export type CheckerState = { rows: CheckerRow[] };

export const EMPTY_CHECKER_STATE: CheckerState = { rows: [] };
