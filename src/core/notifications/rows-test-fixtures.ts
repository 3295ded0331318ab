import type { CalendarDate } from '../dates/calendar-date.ts';
import type { NotificationRows } from './rows.ts';

/** Rows with nothing in them on `today`: each test adds the source it is about. */
export function emptyRows(today: CalendarDate): NotificationRows {
  return {
    today,
    protection: null,
    interest: [],
    rateChanges: [],
    isa: null,
    terms: [],
    processedPayments: [],
    pensions: null,
    subscription: null,
  };
}
