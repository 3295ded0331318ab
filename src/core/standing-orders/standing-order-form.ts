/**
 * The standing order form's rules (001 §5) and the shape the API saves. The web form and the
 * server both come through `checkStandingOrder`, so a rule holds however an order is sent.
 */
import { type CalendarDate, isCalendarDate } from '../dates/calendar-date.ts';
import { TRANSACTION_MESSAGES } from '../transactions/validation.ts';
import { STANDING_ORDER_FREQUENCIES, type StandingOrderFrequency } from './schedule.ts';

export const END_TYPES = ['never', 'date', 'payments'] as const;
export type EndType = (typeof END_TYPES)[number];

export const END_TYPE_LABELS: Readonly<Record<EndType, string>> = {
  never: 'Never',
  date: 'On a date',
  payments: 'After a number of payments',
};

/** The payment day choices, shown and saved for monthly orders only. */
export const PAYMENT_DAYS: readonly number[] = Array.from({ length: 28 }, (_, i) => i + 1);

/** The largest single payment accepted: £10,000,000 (a sum of years of them still fits a bigint by far). */
export const MAX_STANDING_ORDER_PENCE = 1_000_000_000;
/** More payments than anyone schedules; keeps the number a small integer. */
export const MAX_NUMBER_OF_PAYMENTS = 10_000;
export const MAX_NOTES_LENGTH = 500;

export const STANDING_ORDER_MESSAGES = {
  // The spec's three (001 §5), for an amount that is not a number (or too large)…
  amount: 'Please enter a valid amount',
  firstPaymentAmount: 'Please enter a valid first payment amount',
  // …and for £0 or less the one amount rule's words, as for any transaction (docs/decisions/0024).
  notPositive: TRANSACTION_MESSAGES.notPositive,
  maxPayments: 'Please enter a valid number of payments',
  // Ours, in the same voice, for what the spec leaves unsaid.
  frequency: 'Please choose how often the payment is made',
  startDate: 'Please enter a valid start date',
  endDate: 'Please enter a valid end date',
  endBeforeStart: 'The end date must be on or after the start date',
  paymentDay: 'Please choose a payment day from 1 to 28',
  oneEnd: 'Choose an end date or a number of payments, not both',
  notes: `Notes must be ${MAX_NOTES_LENGTH} characters or fewer`,
} as const;

/** What the API saves (001 §3 standing order, money in pence). */
export type StandingOrderInput = {
  amountPence: number;
  frequency: StandingOrderFrequency;
  startDate: CalendarDate;
  endDate: CalendarDate | null;
  paymentDay: number | null;
  maxPayments: number | null;
  firstPaymentAmountPence: number | null;
  notes: string | null;
  isActive: boolean;
};

export type StandingOrderField = keyof StandingOrderInput;
export type CheckResult =
  | { ok: true; input: StandingOrderInput }
  | { ok: false; field: StandingOrderField; message: string };

/**
 * An amount's problem: not whole pence up to the maximum (`invalid`, the field's own message), or
 * £0 or less (the one amount rule's message); null when it is fine.
 */
function amountProblem(value: unknown, invalid: string): string | null {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value > MAX_STANDING_ORDER_PENCE) return invalid;
  return value > 0 ? null : STANDING_ORDER_MESSAGES.notPositive;
}

/**
 * Checks an order as the API receives it and returns it as it is saved: the payment day only for
 * monthly orders (null otherwise), notes trimmed (blank is null).
 */
export function checkStandingOrder(input: StandingOrderInput): CheckResult {
  const fail = (field: StandingOrderField, message: string): CheckResult => ({ ok: false, field, message });
  const amountMessage = amountProblem(input.amountPence, STANDING_ORDER_MESSAGES.amount);
  if (amountMessage) return fail('amountPence', amountMessage);
  if (!STANDING_ORDER_FREQUENCIES.includes(input.frequency))
    return fail('frequency', STANDING_ORDER_MESSAGES.frequency);
  if (!isCalendarDate(input.startDate)) return fail('startDate', STANDING_ORDER_MESSAGES.startDate);
  if (input.endDate !== null && !isCalendarDate(input.endDate)) return fail('endDate', STANDING_ORDER_MESSAGES.endDate);
  if (input.endDate !== null && input.endDate < input.startDate)
    return fail('endDate', STANDING_ORDER_MESSAGES.endBeforeStart);
  const firstMessage =
    input.firstPaymentAmountPence === null
      ? null
      : amountProblem(input.firstPaymentAmountPence, STANDING_ORDER_MESSAGES.firstPaymentAmount);
  if (firstMessage) return fail('firstPaymentAmountPence', firstMessage);
  const max = input.maxPayments;
  if (max !== null && !(Number.isSafeInteger(max) && max > 0 && max <= MAX_NUMBER_OF_PAYMENTS))
    return fail('maxPayments', STANDING_ORDER_MESSAGES.maxPayments);
  if (input.endDate !== null && max !== null) return fail('endDate', STANDING_ORDER_MESSAGES.oneEnd);
  const paymentDay = input.frequency === 'monthly' ? input.paymentDay : null;
  if (paymentDay !== null && !(Number.isInteger(paymentDay) && paymentDay >= 1 && paymentDay <= 28))
    return fail('paymentDay', STANDING_ORDER_MESSAGES.paymentDay);
  const notes = input.notes?.trim() || null;
  if (notes !== null && notes.length > MAX_NOTES_LENGTH) return fail('notes', STANDING_ORDER_MESSAGES.notes);
  return { ok: true, input: { ...input, paymentDay, notes } };
}

/** An amount as the form read it: nothing typed, not money, or pence (0 when £0 was typed). */
export type TypedAmount = 'empty' | 'invalid' | number;

/** The form as the user filled it (amounts already read from their text by the web form). */
export type StandingOrderForm = {
  amount: TypedAmount;
  frequency: StandingOrderFrequency;
  startDate: string;
  /** '' or '1'…'28'. */
  paymentDay: string;
  endType: EndType;
  endDate: string;
  maxPayments: string;
  hasFirstPayment: boolean;
  firstPaymentAmount: TypedAmount;
  notes: string;
  isActive: boolean;
};

export type FormField = Exclude<keyof StandingOrderForm, 'isActive' | 'hasFirstPayment'>;
export type FormResult =
  | { ok: true; input: StandingOrderInput }
  | { ok: false; errors: Partial<Record<FormField, string>> };

const FORM_FIELD: Readonly<Record<StandingOrderField, FormField>> = {
  amountPence: 'amount',
  frequency: 'frequency',
  startDate: 'startDate',
  endDate: 'endDate',
  paymentDay: 'paymentDay',
  maxPayments: 'maxPayments',
  firstPaymentAmountPence: 'firstPaymentAmount',
  notes: 'notes',
  isActive: 'notes',
};

/**
 * The form's rules (001 §5): the amount a number above 0; the first payment amount, if its toggle
 * is on and it is filled, above 0 (£0 or less in the one amount rule's words, docs/decisions/0024); the number of payments, if the order ends after some and it is
 * filled, a whole number above 0; the payment day only for monthly orders; the end date only when
 * the order ends on a date. Every field's message at once, so the form can show them together.
 */
export function standingOrderFromForm(form: StandingOrderForm): FormResult {
  const errors: Partial<Record<FormField, string>> = {};
  const amountMessage = amountProblem(form.amount, STANDING_ORDER_MESSAGES.amount);
  const amountPence = amountMessage === null ? (form.amount as number) : null;
  if (amountMessage) errors.amount = amountMessage;

  let firstPaymentAmountPence: number | null = null;
  if (form.hasFirstPayment && form.firstPaymentAmount !== 'empty') {
    const firstMessage = amountProblem(form.firstPaymentAmount, STANDING_ORDER_MESSAGES.firstPaymentAmount);
    if (firstMessage) errors.firstPaymentAmount = firstMessage;
    else firstPaymentAmountPence = form.firstPaymentAmount as number;
  }

  let maxPayments: number | null = null;
  const typedPayments = form.maxPayments.trim();
  if (form.endType === 'payments' && typedPayments !== '') {
    if (/^\d+$/.test(typedPayments) && Number(typedPayments) > 0) maxPayments = Number(typedPayments);
    else errors.maxPayments = STANDING_ORDER_MESSAGES.maxPayments;
  }

  const startDate = form.startDate.trim();
  if (!isCalendarDate(startDate)) errors.startDate = STANDING_ORDER_MESSAGES.startDate;

  let endDate: CalendarDate | null = null;
  if (form.endType === 'date') {
    const typedEnd = form.endDate.trim();
    if (isCalendarDate(typedEnd)) endDate = typedEnd;
    else errors.endDate = STANDING_ORDER_MESSAGES.endDate;
  }

  const paymentDay = form.frequency === 'monthly' && form.paymentDay !== '' ? Number(form.paymentDay) : null;

  if (Object.keys(errors).length > 0 || amountPence === null) return { ok: false, errors };
  const checked = checkStandingOrder({
    amountPence,
    frequency: form.frequency,
    startDate,
    endDate,
    paymentDay,
    maxPayments,
    firstPaymentAmountPence,
    notes: form.notes,
    isActive: form.isActive,
  });
  return checked.ok ? checked : { ok: false, errors: { [FORM_FIELD[checked.field]]: checked.message } };
}

/** The end type a stored order shows in the form. */
export function endTypeOf(order: Pick<StandingOrderInput, 'endDate' | 'maxPayments'>): EndType {
  if (order.endDate !== null) return 'date';
  return order.maxPayments !== null ? 'payments' : 'never';
}
