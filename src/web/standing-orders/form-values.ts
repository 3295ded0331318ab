/** The standing order form's fields as typed, and the way to and from a saved order. */
import {
  endTypeOf,
  type EndType,
  type FormResult,
  standingOrderFromForm,
  type TypedAmount,
} from '../../core/standing-orders/standing-order-form.ts';
import type { StandingOrderFrequency } from '../../core/standing-orders/schedule.ts';
import { parseAmountText, penceToAmountText } from '../../core/transactions/amount-text.ts';
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

export function formValuesFromOrder(order: StandingOrder): FormValues {
  return {
    amount: penceToAmountText(order.amountPence),
    frequency: order.frequency,
    paymentDay: order.paymentDay === null ? '' : String(order.paymentDay),
    startDate: order.startDate,
    endType: endTypeOf(order),
    endDate: order.endDate ?? '',
    maxPayments: order.maxPayments === null ? '' : String(order.maxPayments),
    hasFirstPayment: order.firstPaymentAmountPence !== null,
    firstPaymentAmount: order.firstPaymentAmountPence === null ? '' : penceToAmountText(order.firstPaymentAmountPence),
    notes: order.notes ?? '',
    isActive: order.isActive,
  };
}

/** What was typed as money, as the form's rules take it: nothing, not money, or pence (read as the transaction dialogs read amounts). */
export function typedAmount(text: string): TypedAmount {
  const read = parseAmountText(text);
  if (read.ok) return read.pence;
  return read.reason === 'empty' ? 'empty' : 'invalid';
}

/** The form's rules (core) over the typed values: the order to save, or each field's message. */
export function readForm(values: FormValues): FormResult {
  return standingOrderFromForm({
    ...values,
    amount: typedAmount(values.amount),
    firstPaymentAmount: typedAmount(values.firstPaymentAmount),
  });
}
