/**
 * Plain-English pieces the checker's sentences are built from. Pure string maths rather than
 * Intl, so a sentence reads the same in the browser, in tests and on any machine.
 */
import type { CalendarDate } from '../dates/calendar-date.ts';
import { formatPence } from '../money/format.ts';
import type { LifeEvent, Pence } from '../protection/types.ts';
import { MONTH_NAMES as MONTHS } from '../dates/calendar-date.ts';

/** A limit as people quote it: whole pounds without pence (12000000 → '£120,000'), else with them. */
export function formatLimit(pence: Pence): string {
  return formatPence(pence, { wholePounds: true });
}

/** A calendar date in prose: '2025-12-01' → '1 December 2025'. */
export function formatLongDate(date: CalendarDate): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return `${day} ${MONTHS[month - 1]} ${year}`;
}

/** 'A', 'A and B', 'A, B and C'. */
export function joinWithAnd(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** The life events as a saver would name them, in the order a form lists them. */
export const LIFE_EVENT_LABELS: Readonly<Record<LifeEvent, string>> = {
  'home-sale': 'Selling your home',
  inheritance: 'An inheritance',
  'marriage-or-divorce': 'Marriage, civil partnership or divorce',
  redundancy: 'A redundancy payment',
  'retirement-lump-sum': 'A retirement lump sum',
  'insurance-payout': 'An insurance payout',
  'personal-injury': 'Compensation for personal injury (no limit)',
  'other-qualifying': 'Another qualifying life event',
};

/** 'Sole account', 'Joint account (2 people)'. */
export function holdersLabel(holders: number): string {
  return holders <= 1 ? 'Sole account' : `Joint account (${holders} people)`;
}
