import { z } from 'zod';
import { MAX_HOLDERS, MIN_HOLDERS } from '../../core/checker/state.ts';
import { isCalendarDate, type CalendarDate } from '../../core/dates/calendar-date.ts';
import { formatPence } from '../../core/money/format.ts';
import { LIFE_EVENTS, type LifeEvent, type TemporaryHighBalance } from '../../core/protection/types.ts';
import type { BankOption } from '../reference/types.ts';
import { parseMoneyInput, type MoneyInputResult } from './money-input.ts';

export const HOLDER_CHOICES = [
  { value: '1', label: 'Just me (sole)' },
  { value: '2', label: 'Me and 1 other (joint)' },
  { value: '3', label: 'Me and 2 others (joint)' },
  { value: '4', label: 'Me and 3 others (joint)' },
] as const satisfies readonly { value: string; label: string }[];

const MONEY_ERRORS: Record<Exclude<MoneyInputResult, { ok: true }>['reason'], (what: string) => string> = {
  empty: (what) => `Enter ${what}`,
  invalid: () => 'Enter an amount in pounds and pence, like 70,000 or 1,250.50',
  zero: () => 'Enter an amount of more than £0',
  'too-large': () => 'Enter an amount of £1,000,000,000 or less',
};

export const ROW_FORM_ERRORS = {
  bank: 'Choose a bank or building society',
  lifeEvent: 'Choose the life event the money came from',
  date: 'Enter the date the money was credited',
  badDate: 'Enter a real date, like 03/10/2026',
  futureDate: 'The date credited must be today or in the past',
  thbMoreThanAmount: 'The temporary high balance cannot be more than the amount',
} as const;

export type RowFormValues = {
  bank: BankOption | null;
  amount: string;
  holders: string;
  hasTemporaryHighBalance: boolean;
  lifeEvent: string;
  temporaryHighBalanceAmount: string;
  creditedDate: string;
};

export type RowFormOutput = {
  bank: BankOption;
  amountPence: number;
  holders: number;
  temporaryHighBalance?: TemporaryHighBalance;
};

export const EMPTY_ROW_FORM: RowFormValues = {
  bank: null,
  amount: '',
  holders: '1',
  hasTemporaryHighBalance: false,
  lifeEvent: '',
  temporaryHighBalanceAmount: '',
  creditedDate: '',
};

/** The order errors are focused in: the form's own order, top to bottom. */
export const ROW_FORM_FIELDS = [
  'bank',
  'amount',
  'holders',
  'lifeEvent',
  'temporaryHighBalanceAmount',
  'creditedDate',
] as const;

function money(text: string, what: string, ctx: z.RefinementCtx, path: string): number | null {
  const parsed = parseMoneyInput(text);
  if (parsed.ok) return parsed.pence;
  ctx.addIssue({ code: 'custom', path: [path], message: MONEY_ERRORS[parsed.reason](what) });
  return null;
}

/** One row of the checker's form; `today` (the server's date) bounds the credited date. */
export function rowFormSchema(today: CalendarDate) {
  return z
    .object({
      bank: z.custom<BankOption | null>(),
      amount: z.string(),
      holders: z.string(),
      hasTemporaryHighBalance: z.boolean(),
      lifeEvent: z.string(),
      temporaryHighBalanceAmount: z.string(),
      creditedDate: z.string(),
    })
    .transform((values, ctx): RowFormOutput => {
      if (!values.bank) ctx.addIssue({ code: 'custom', path: ['bank'], message: ROW_FORM_ERRORS.bank });
      const amountPence = money(values.amount, 'the amount', ctx, 'amount');
      const holders = Math.min(MAX_HOLDERS, Math.max(MIN_HOLDERS, Number(values.holders) || MIN_HOLDERS));
      let temporaryHighBalance: TemporaryHighBalance | undefined;
      if (values.hasTemporaryHighBalance) {
        const lifeEvent = (LIFE_EVENTS as readonly string[]).includes(values.lifeEvent)
          ? (values.lifeEvent as LifeEvent)
          : null;
        if (!lifeEvent) ctx.addIssue({ code: 'custom', path: ['lifeEvent'], message: ROW_FORM_ERRORS.lifeEvent });
        const qualifyingPence = money(
          values.temporaryHighBalanceAmount,
          'how much came from the life event',
          ctx,
          'temporaryHighBalanceAmount',
        );
        if (qualifyingPence !== null && amountPence !== null && qualifyingPence > amountPence) {
          ctx.addIssue({
            code: 'custom',
            path: ['temporaryHighBalanceAmount'],
            message: `${ROW_FORM_ERRORS.thbMoreThanAmount} (${formatPence(amountPence)})`,
          });
        }
        const date = values.creditedDate.trim();
        const dateError =
          date === ''
            ? ROW_FORM_ERRORS.date
            : !isCalendarDate(date)
              ? ROW_FORM_ERRORS.badDate
              : date > today
                ? ROW_FORM_ERRORS.futureDate
                : null;
        if (dateError) ctx.addIssue({ code: 'custom', path: ['creditedDate'], message: dateError });
        if (lifeEvent && qualifyingPence !== null)
          temporaryHighBalance = { lifeEvent, qualifyingPence, creditedDate: date };
      }
      // Only read when there were no issues, so the casts stand for checked values.
      const output: RowFormOutput = { bank: values.bank!, amountPence: amountPence ?? 0, holders };
      if (temporaryHighBalance) output.temporaryHighBalance = temporaryHighBalance;
      return output;
    });
}
