/**
 * An ISA account's own record (the spec's `isa_accounts`, 001 §3): its choices, their defaults
 * and validation (001 §5, §9), the FSCS note per provider category, and how the account's
 * transactions become the movements the allowance counts (docs/decisions/0030-isa-records.md).
 */
import { z } from 'zod';
import { formatLimit } from '../checker/text.ts';
import type { CalendarDate } from '../dates/calendar-date.ts';
import { calendarDateSchema } from '../dates/calendar-date-schema.ts';
import { formatPence } from '../money/format.ts';
import type { LimitsOnDate } from '../protection/limits.ts';
import type { IsaFscsCategory } from '../reference-data/records.ts';
import { formatCardDate } from '../terms/term-dates.ts';
import { type IsaAccountInput, ISA_TYPES, type IsaMovement, type IsaType } from './isa-types.ts';

/** The spec's funding types: new money, money transferred in from another ISA, or both. */
export const FUNDING_TYPES = ['new_subscription', 'transfer_in', 'both'] as const;
export type FundingType = (typeof FUNDING_TYPES)[number];

export const FUNDING_TYPE_NAMES: Readonly<Record<FundingType, string>> = {
  new_subscription: 'New money',
  transfer_in: 'Transfer in from another ISA',
  both: 'New money and a transfer in',
};

/** Whose ISA it is: the saver's, or a child's (a Junior ISA the saver runs). */
export const BENEFICIAL_OWNERS = ['you', 'child'] as const;
export type BeneficialOwner = (typeof BENEFICIAL_OWNERS)[number];

export const BENEFICIAL_OWNER_NAMES: Readonly<Record<BeneficialOwner, string>> = { you: 'You', child: 'A child' };

/** An ISA transfer's progress; only `in_progress` raises alerts (001 §4). */
export const ISA_TRANSFER_STATUSES = ['new', 'in_progress', 'complete', 'overdue'] as const;
export type IsaTransferStatus = (typeof ISA_TRANSFER_STATUSES)[number];

/** The spec's defaults (001 §9): type cash, funding new money, planned amounts 0, owner you, NI number present. */
export const ISA_DEFAULTS = {
  isaType: 'cash',
  fundingType: 'new_subscription',
  isFlexible: false,
  plannedAnnualContributionPence: 0,
  plannedTransferAmountPence: 0,
  beneficialOwner: 'you',
  niNumberPresent: true,
} as const satisfies {
  isaType: IsaType;
  fundingType: FundingType;
  isFlexible: boolean;
  plannedAnnualContributionPence: number;
  plannedTransferAmountPence: number;
  beneficialOwner: BeneficialOwner;
  niNumberPresent: boolean;
};

/**
 * The ISA type an account's type names ('Lifetime ISA' → lisa), or the spec's default, cash. A
 * new record starts from it, so a Stocks and Shares ISA account is not first saved as cash.
 */
export function isaTypeOfAccountType(accountType: string): IsaType {
  const type = accountType.trim().toLowerCase();
  if (type.includes('junior') || type.includes('jisa')) return 'jisa';
  if (type.includes('lifetime') || type.includes('lisa')) return 'lisa';
  if (type.includes('innovative') || type.includes('ifisa')) return 'ifisa';
  if (type.includes('stocks') || type.includes('shares')) return 'stocks_and_shares';
  return ISA_DEFAULTS.isaType;
}

/** The spec's messages (001 §5, §8) and ours in the same style where it has none. */
export const ISA_MESSAGES = {
  isaTypeRequired: 'ISA type is required',
  amount: 'Enter an amount of £0 or more, in pounds and pence',
  amountTooLarge: 'Enter an amount of £1,000,000,000 or less',
  fundingType: 'Choose how the ISA is funded',
  beneficialOwner: 'Choose who the ISA is for',
  yesNo: 'Choose yes or no',
  date: 'Enter a real date, like 31/03/2027',
  transferStatus: 'Choose the transfer status',
  slaDays: 'Enter the days a transfer should take, from 1 to 365',
  childName: 'Enter the child’s first name, up to 80 characters',
  providerRequired: 'Choose an ISA provider from the list',
  providerUpdated: 'ISA provider updated successfully',
  providerFailed: 'Failed to update ISA provider',
  detailsUpdated: 'ISA details updated successfully',
  detailsFailed: 'Failed to update ISA details',
} as const;

/** £1,000,000,000: as for every other amount of an account. */
const MAX_PENCE = 1_000_000_000_00;
const amount = z
  .number(ISA_MESSAGES.amount)
  .int(ISA_MESSAGES.amount)
  .min(0, ISA_MESSAGES.amount)
  .max(MAX_PENCE, ISA_MESSAGES.amountTooLarge);

/** A change to an ISA record's fields (each optional: the card saves one at a time). */
export const IsaDetailsPatchSchema = z.strictObject({
  isaType: z.enum(ISA_TYPES, ISA_MESSAGES.isaTypeRequired).optional(),
  fundingType: z.enum(FUNDING_TYPES, ISA_MESSAGES.fundingType).optional(),
  isFlexible: z.boolean(ISA_MESSAGES.yesNo).optional(),
  plannedAnnualContributionPence: amount.optional(),
  plannedTransferAmountPence: amount.optional(),
  beneficialOwner: z.enum(BENEFICIAL_OWNERS, ISA_MESSAGES.beneficialOwner).optional(),
  niNumberPresent: z.boolean(ISA_MESSAGES.yesNo).optional(),
  maturityDate: calendarDateSchema(ISA_MESSAGES.date).nullable().optional(),
  transferStatus: z.enum(ISA_TRANSFER_STATUSES, ISA_MESSAGES.transferStatus).nullable().optional(),
  transferStartedOn: calendarDateSchema(ISA_MESSAGES.date).nullable().optional(),
  transferExpectedSlaDays: z
    .number(ISA_MESSAGES.slaDays)
    .int(ISA_MESSAGES.slaDays)
    .min(1, ISA_MESSAGES.slaDays)
    .max(365, ISA_MESSAGES.slaDays)
    .nullable()
    .optional(),
  // An empty name clears it (stored as null): the Junior ISA then counts against a limit of its own.
  jisaChildName: z.string(ISA_MESSAGES.childName).trim().max(80, ISA_MESSAGES.childName).nullable().optional(),
});
export type IsaDetailsPatch = z.infer<typeof IsaDetailsPatchSchema>;

/**
 * The FSCS note per ISA provider category (001 §9), with the limit in force on the day: the
 * spec's three categories (deposit-taking banking group, investment platform, IFISA platform),
 * the research's cash platforms and NS&I, and 'Check FSCS protection level' for anything else.
 * `groupName` is the deposit taker a banking-group provider's money sits with.
 */
export function isaFscsNote(
  category: IsaFscsCategory | string | null,
  limits: LimitsOnDate,
  groupName: string | null,
): string {
  const deposit = formatLimit(limits.deposit.amountPence);
  const investment = formatLimit(limits.investment.amountPence);
  switch (category) {
    case 'banking_group':
      return `${deposit} protection per banking licence: this cash ISA shares one limit with all your other money${groupName ? ` at ${groupName}` : ' under the same banking licence'}.`;
    case 'investment_platform':
      return `${investment} protection if the firm fails (per person per firm). Investments can still fall in value, and any cash is held at third-party banks.`;
    case 'ifisa_platform':
      return 'Limited protection: Innovative Finance ISA money is at investment risk, and borrower default is generally not covered by the FSCS.';
    case 'cash_platform':
      return `A cash ISA platform, not a bank: your money is protected up to ${deposit} per partner bank licence it is placed with. Name the partner bank under Basic Information to count it there.`;
    case 'government_backed':
      return 'Backed 100% by HM Treasury (NS&I), with no upper limit.';
    default:
      return 'Check FSCS protection level';
  }
}

/** A stored transaction as the allowance reads it: signed pence, by the sign convention. */
export type IsaTransaction = { date: CalendarDate; amountPence: number; type: string };

/**
 * The movements the allowance counts, from an ISA's transactions (ADR 0030):
 * - a deposit is new money (`subscription`), or a `transfer_in` when the record says the ISA is
 *   funded by transfers in only (there is no transfer-in transaction type);
 * - a withdrawal is a `withdrawal` (a flexible ISA can have it put back);
 * - interest, fees, a starting balance and balance updates use no allowance: they are left out
 *   (a starting balance is money from before, or money transferred in).
 * Zero amounts move nothing and are left out too.
 */
export function isaMovementsOf(transactions: readonly IsaTransaction[], fundingType: FundingType): IsaMovement[] {
  const movements: IsaMovement[] = [];
  for (const t of transactions) {
    if (t.amountPence === 0) continue;
    if (t.type === 'deposit' && t.amountPence > 0) {
      movements.push({
        date: t.date,
        amountPence: t.amountPence,
        kind: fundingType === 'transfer_in' ? 'transfer_in' : 'subscription',
      });
    } else if (t.type === 'withdrawal' && t.amountPence < 0) {
      movements.push({ date: t.date, amountPence: -t.amountPence, kind: 'withdrawal' });
    }
  }
  return movements;
}

/**
 * What the ISA card says of a starting balance dated in the tax year (issue 24): it uses none of
 * the allowance (`isaMovementsOf`), so the card says so and how to count it when it was paid in
 * this tax year. `transactions` are the tax year's; null when it has no starting balance above £0.
 */
export function startingBalanceWords(transactions: readonly IsaTransaction[]): string | null {
  const opening = transactions.find((t) => t.type === 'opening_balance' && t.amountPence > 0);
  if (!opening) return null;
  return `The starting balance of ${formatPence(opening.amountPence)} on ${formatCardDate(opening.date)} is not counted as paid in this tax year: it is taken as money from before, or moved in from another ISA. If you paid it in this tax year, change its type to Deposit in the transactions and it counts.`;
}

/** How the ISA's deposits count, in words, for the allowance's explanation. */
export function fundingWords(name: string, fundingType: FundingType): string | null {
  switch (fundingType) {
    case 'transfer_in':
      return `${name} is funded by transfers in from other ISAs, so its deposits use none of your allowance.`;
    case 'both':
      return `${name} takes new money and a transfer in: its deposits are counted as new money. Record money transferred in from another ISA as the starting balance, which uses no allowance.`;
    case 'new_subscription':
      return null;
  }
}

/** An ISA-typed account as stored: its type, its record's choices (null: none yet) and its transactions. */
export type IsaHolding = {
  id: string;
  name: string;
  accountType: string;
  record: { isaType: IsaType; fundingType: FundingType; isFlexible: boolean; jisaChildName?: string | null } | null;
  transactions: readonly IsaTransaction[];
};

/** Junior ISAs naming the same child, however typed, share one limit. */
export function jisaChildKey(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLocaleLowerCase('en-GB');
}

/**
 * The allowance's view of one ISA: an account with no record yet still counts, as the type its
 * account type names, not flexible, funded by new money (the spec's defaults), so money paid in
 * is never left out for want of a provider.
 */
export function isaAccountInput(holding: IsaHolding): IsaAccountInput {
  const fundingType = holding.record?.fundingType ?? ISA_DEFAULTS.fundingType;
  return {
    id: holding.id,
    name: holding.name,
    isaType: holding.record?.isaType ?? isaTypeOfAccountType(holding.accountType),
    isFlexible: holding.record?.isFlexible ?? ISA_DEFAULTS.isFlexible,
    movements: isaMovementsOf(holding.transactions, fundingType),
    ...(holding.record?.jisaChildName
      ? { childId: jisaChildKey(holding.record.jisaChildName), childName: holding.record.jisaChildName.trim() }
      : {}),
  };
}
