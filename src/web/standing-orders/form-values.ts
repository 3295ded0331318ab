/** The standing order form's fields as typed, and the way to and from a saved order. */
import {
  endTypeOf,
  type EndType,
  type FormResult,
  standingOrderFromForm,
  type TypedAmount,
} from '../../core/standing-orders/standing-order-form.ts';
import type { StandingOrderFrequency } from '../../core/standing-orders/schedule.ts';
import { parseMoneyInput } from '../checker/money-input.ts';
import type { StandingOrder } from './api.ts';

export type FormValues = {
  amount: string;
  frequency: StandingOrderFrequency;
  /** '' (the start date's own day) or '1'…'28'. */
  paymentDay: string;
  startDate: string;
  endType: EndType;
  endDate: string;
  maxPayments: string;
  hasFirstPayment: boolean;
  firstPaymentAmount: string;
  notes: string;
  isActive: boolean;
};

export function emptyFormValues(today: string): FormValues {
  return {
    amount: '',
    frequency: 'monthly',
    paymentDay: '',
    startDate: today,
    endType: 'never',
    endDate: '',
    maxPayments: '',
    hasFirstPayment: false,
    firstPaymentAmount: '',
    notes: '',
    isActive: true,
  };
}

/** Pence as an amount field shows them: 5000 → '50.00' (no £ or commas: the field is for typing). */
export function penceToField(pence: number): string {
  return `${Math.floor(pence / 100)}.${String(pence % 100).padStart(2, '0')}`;
}

export function formValuesFromOrder(order: StandingOrder): FormValues {
  return {
    amount: penceToField(order.amountPence),
    frequency: order.frequency,
    paymentDay: order.paymentDay === null ? '' : String(order.paymentDay),
    startDate: order.startDate,
    endType: endTypeOf(order),
    endDate: order.endDate ?? '',
    maxPayments: order.maxPayments === null ? '' : String(order.maxPayments),
    hasFirstPayment: order.firstPaymentAmountPence !== null,
    firstPaymentAmount: order.firstPaymentAmountPence === null ? '' : penceToField(order.firstPaymentAmountPence),
    notes: order.notes ?? '',
    isActive: order.isActive,
  };
}

/** What was typed as money, as the form's rules take it: nothing, not money, or pence (0 for £0). */
export function typedAmount(text: string): TypedAmount {
  const read = parseMoneyInput(text);
  if (read.ok) return read.pence;
  if (read.reason === 'empty') return 'empty';
  return read.reason === 'zero' ? 0 : 'invalid';
}

/** The form's rules (core) over the typed values: the order to save, or each field's message. */
export function readForm(values: FormValues): FormResult {
  return standingOrderFromForm({ ...values, amount: typedAmount(values.amount), firstPaymentAmount: typedAmount(values.firstPaymentAmount) });
}
