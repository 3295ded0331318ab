import { z } from 'zod';
import { isCalendarDate } from './calendar-date.ts';

/** A real 'yyyy-MM-dd' date (`isCalendarDate`), published in the API document as format 'date'. */
export function calendarDateSchema(message: string) {
  return z.string(message).refine(isCalendarDate, message).meta({ format: 'date' });
}
