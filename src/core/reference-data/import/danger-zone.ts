/**
 * The Google Sheets Sync panel's Danger Zone (002 §2): what the admin reads before Clear All Data
 * and Fresh Sync (the spec's confirmations, verbatim), and the words they type to go on. The
 * server refuses either action without its words, so nothing clears the data by a stray request.
 */
export const CLEAR_ALL = {
  warning: 'Are you sure you want to clear ALL bank reference data? This cannot be undone.',
  phrase: 'CLEAR ALL DATA',
  refused: 'Type CLEAR ALL DATA to confirm clearing all bank reference data',
} as const;

export const FRESH_SYNC = {
  warning: 'This will clear ALL existing bank data and import fresh data from Google Sheets. Are you sure?',
  phrase: 'FRESH SYNC',
  refused: 'Type FRESH SYNC to confirm clearing the bank data and importing it afresh',
} as const;

/** Whether the typed words confirm the action (spaces around them and letter case do not matter). */
export function confirms(typed: string | null | undefined, action: { phrase: string }): boolean {
  return (typed ?? '').trim().replace(/\s+/g, ' ').toUpperCase() === action.phrase;
}
