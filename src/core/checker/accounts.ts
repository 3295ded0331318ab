import {
  bankInstitution,
  bankProtectionCategory,
  type BankLicenceFacts,
  type BankProtectionFacts,
} from '../protection/bank-category.ts';
import type { AccountInput } from '../protection/types.ts';
import type { CheckerRow } from './state.ts';

/** The facts about a bank the checker needs (a picker's bank option has all of them). */
export type CheckerBank = BankProtectionFacts &
  BankLicenceFacts & {
    id: string;
    isAmbiguous?: boolean;
    userMessage?: string | null;
  };

/** A checker row with its bank looked up. */
export type ResolvedRow = Omit<CheckerRow, 'bankId'> & { bank: CheckerBank };

/** The engine's account id for row `index` (rows have no ids of their own). */
export function rowAccountId(index: number): string {
  return `row-${index}`;
}

/** The row index an engine account id stands for. */
export function rowIndexOf(accountId: string): number {
  return Number(accountId.slice('row-'.length));
}

/**
 * The engine's accounts for the checker's rows, amounts in pence. A row at a platform is left out
 * (the checker cannot tell which partner bank holds the money); its index is simply missing.
 */
export function checkerAccountInputs(rows: readonly ResolvedRow[]): AccountInput[] {
  const accounts: AccountInput[] = [];
  rows.forEach((row, index) => {
    const category = bankProtectionCategory(row.bank);
    if (category === null) return;
    const account: AccountInput = {
      id: rowAccountId(index),
      balancePence: row.amountPence,
      institution: bankInstitution(row.bank),
      holders: row.holders,
      category,
    };
    if (row.temporaryHighBalance) account.temporaryHighBalance = { ...row.temporaryHighBalance };
    accounts.push(account);
  });
  return accounts;
}
