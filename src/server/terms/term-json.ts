/**
 * A term as the API answers it: the stored row read forgivingly by core (001 §3: inputs and events
 * "falling back to empty"), with its status, insight badges and alerts worked out by core's
 * `evaluateTerm` from the account's facts on today's UK date (docs/decisions/0028).
 */
import type { CalendarDate } from '../../core/dates/calendar-date.ts';
import { latestEvents, readStoredEvents } from '../../core/terms/events.ts';
import { parseTaxYear } from '../../core/terms/tax-year.ts';
import { addMonths } from '../../core/terms/term-dates.ts';
import type { TermFields } from '../../core/terms/term-schema.ts';
import { readStoredInputs } from '../../core/terms/term-schema.ts';
import { TERM_TYPES } from '../../core/terms/templates.ts';
import {
  type AccountFacts,
  evaluateTerm,
  notifiesAbout,
  TERM_STATUS_LABELS,
  TERM_STATUSES,
} from '../../core/terms/status.ts';
import { z } from '../http/route.ts';
import type { AccountTermsRead, TermRow } from './queries.ts';

const EventSchema = z.object({
  type: z.string(),
  date: z.string(),
  amountPence: z.number().int().nullable(),
  description: z.string().nullable(),
});

export const TermSchema = z
  .object({
    id: z.string(),
    accountId: z.string(),
    termType: z.enum(TERM_TYPES),
    label: z.string(),
    /** The template's fields in core's shape (pence, basis points, 'yyyy-MM-dd'). */
    inputs: z.record(z.string(), z.unknown()),
    notes: z.string().nullable(),
    notificationsEnabled: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
    /** The newest 3 events, newest first (001 §9). */
    events: z.array(EventSchema),
    eventCount: z.number().int(),
    status: z.enum(TERM_STATUSES),
    statusLabel: z.string(),
    insights: z.array(z.object({ type: z.enum(['success', 'warning', 'alert', 'info']), text: z.string() })),
    alerts: z.array(
      z.object({
        level: z.enum(['error', 'warning', 'info']),
        message: z.string(),
        action: z.enum(['mark-deposited', 'edit-term']).optional(),
      }),
    ),
    /** The period the term was judged over, when it has one. */
    period: z.object({ start: z.string(), end: z.string() }).nullable(),
    usage: z
      .object({
        used: z.number().int(),
        limit: z.number().int(),
        unit: z.enum(['pence', 'withdrawals']),
        percent: z.number().int(),
      })
      .nullable(),
    /** Whether the term's alerts go to the user's notifications (its switch is on and it warns). */
    notifies: z.boolean(),
  })
  .openapi('AccountTerm');

export type TermJson = z.infer<typeof TermSchema>;

/** The transactions an account's terms read start 12 months before today, or at a term's fixed start. */
export function transactionsSince(today: CalendarDate): CalendarDate {
  return addMonths(today, -12);
}

/**
 * The earliest date a term can need transactions from that does not move with today: a
 * contributions term's start, or the first day of an ISA allowance's named tax year. Null when
 * every period the term judges starts within the last 12 months.
 */
export function trackedFromOf(term: TermFields): CalendarDate | null {
  if (term.termType === 'max_contributions_over_term') return term.inputs.termStartDate ?? null;
  if (term.termType === 'annual_allowance' && term.inputs.taxYear !== undefined)
    return parseTaxYear(term.inputs.taxYear)?.start ?? null;
  return null;
}

export function termJson(row: TermRow, facts: AccountFacts, today: CalendarDate): TermJson {
  const inputs = readStoredInputs(row.termType, row.inputs, today);
  const events = readStoredEvents(row.historicalEvents);
  const evaluation = evaluateTerm(
    { termType: row.termType, inputs, historicalEvents: events, inputsSavedOn: row.inputsSavedOn },
    facts,
    today,
  );
  return {
    id: row.id,
    accountId: row.accountId,
    termType: row.termType,
    label: row.label,
    inputs: inputs as Record<string, unknown>,
    notes: row.notes,
    notificationsEnabled: row.notificationsEnabled,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    events: latestEvents(events),
    eventCount: events.length,
    status: evaluation.status,
    statusLabel: TERM_STATUS_LABELS[evaluation.status],
    insights: evaluation.insights,
    alerts: evaluation.alerts,
    period: evaluation.period,
    usage: evaluation.usage,
    notifies: notifiesAbout(row.notificationsEnabled, evaluation),
  };
}

/** Every term of the read, evaluated. */
export function termsJson(read: AccountTermsRead, today: CalendarDate): TermJson[] {
  const facts: AccountFacts = {
    openedOn: read.openedOn,
    balancePence: read.balancePence,
    transactions: read.transactions,
  };
  return read.terms.map((row) => termJson(row, facts, today));
}
