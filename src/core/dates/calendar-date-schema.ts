import { z } from 'zod';
import { isCalendarDate, isSupportedDate, SUPPORTED_YEARS } from './calendar-date.ts';

export const SUPPORTED_YEARS_MESSAGE = `Enter a date in the years ${SUPPORTED_YEARS}`;

/**
 * A real 'yyyy-MM-dd' date (`isCalendarDate`, else `message`) in the supported years (else
 * `yearsMessage`), published in the API document as format 'date'.
 */
export function calendarDateSchema(message: string, yearsMessage = SUPPORTED_YEARS_MESSAGE) {
  return z
    .string(message)
    .refine(isCalendarDate, { message, abort: true })
    .refine(isSupportedDate, yearsMessage)
    .meta({ format: 'date' });
}
