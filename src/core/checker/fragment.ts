/**
 * The checker's state as a URL fragment, and back. The fragment never reaches a server (browsers
 * do not send it), so the amounts a visitor types stay out of every request and log.
 *
 * Format, version 1: `v1~<row>~<row>...`, each row `<bank>.<amount>.<holders>` with an optional
 * temporary high balance `.<event>.<qualifying>.<yyyymmdd>`:
 * - bank: a UUID as 22 base64url characters, or `*` and the id as given when it is not a UUID;
 * - amounts: whole pence in base 36, no leading zeros;
 * - holders: one digit, 1 for sole, 2 to 4 for joint;
 * - event: one letter per life event (below; never reuse a letter).
 * £70,000 at Halifax is about 30 characters. Decoding is all or nothing: a fragment with any bad
 * part gives an empty check and says why, rather than a check with a row silently missing.
 */
import { isCalendarDate } from '../dates/calendar-date.ts';
import type { LifeEvent } from '../protection/types.ts';
import {
  EMPTY_CHECKER_STATE,
  MAX_AMOUNT_PENCE,
  MAX_HOLDERS,
  MAX_ROWS,
  MIN_HOLDERS,
  type CheckerRow,
  type CheckerState,
} from './state.ts';

export const FRAGMENT_VERSION = 1;

const ROW_SEPARATOR = '~';
const FIELD_SEPARATOR = '.';
const RAW_ID_PREFIX = '*';

const LIFE_EVENT_CODES: Readonly<Record<LifeEvent, string>> = {
  'home-sale': 'h',
  inheritance: 'i',
  'marriage-or-divorce': 'm',
  redundancy: 'r',
  'retirement-lump-sum': 'l',
  'insurance-payout': 'p',
  'personal-injury': 'j',
  'other-qualifying': 'o',
};
const LIFE_EVENT_BY_CODE = new Map(Object.entries(LIFE_EVENT_CODES).map(([event, code]) => [code, event as LifeEvent]));

export type FragmentProblem = 'unreadable' | 'newer-version' | 'too-many-rows';

/** What the visitor is told when a link cannot be restored. */
export const FRAGMENT_PROBLEM_MESSAGES: Readonly<Record<FragmentProblem, string>> = {
  unreadable:
    'This link to the checker could not be read, so the check starts empty. Check that the whole link was copied.',
  'newer-version': 'This link was made by a newer version of the checker. Reload the page to open it.',
  'too-many-rows': `This link holds more than ${MAX_ROWS} rows, more than the checker takes, so the check starts empty.`,
};

export type DecodedFragment =
  | { ok: true; state: CheckerState }
  | { ok: false; state: CheckerState; problem: FragmentProblem; message: string };

const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const COMPACT_UUID_SHAPE = /^[A-Za-z0-9_-]{21}[AQgw]$/; // 128 bits: the last character carries 2 bits
const RAW_ID_SHAPE = /^[A-Za-z0-9_-]{1,64}$/;
const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const AMOUNT_SHAPE = /^[1-9a-z][0-9a-z]{0,7}$/;
const DATE_SHAPE = /^(\d{4})(\d{2})(\d{2})$/;

function uuidToCompact(uuid: string): string {
  const hex = uuid.replaceAll('-', '');
  let bits = '';
  for (const digit of hex) bits += parseInt(digit, 16).toString(2).padStart(4, '0');
  bits += '0000'; // 128 bits padded to 132, a whole number of 6-bit characters
  let out = '';
  for (let i = 0; i < bits.length; i += 6) out += BASE64URL[parseInt(bits.slice(i, i + 6), 2)];
  return out;
}

function compactToUuid(compact: string): string {
  let bits = '';
  for (const char of compact) bits += BASE64URL.indexOf(char).toString(2).padStart(6, '0');
  let hex = '';
  for (let i = 0; i < 128; i += 4) hex += parseInt(bits.slice(i, i + 4), 2).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function encodeBankId(id: string): string {
  const lower = id.toLowerCase();
  if (UUID_SHAPE.test(lower)) return uuidToCompact(lower);
  if (RAW_ID_SHAPE.test(id)) return `${RAW_ID_PREFIX}${id}`;
  throw new RangeError(`A bank id must be a UUID or letters, digits, - and _: ${id}`);
}

function decodeBankId(field: string): string | null {
  if (field.startsWith(RAW_ID_PREFIX)) {
    const id = field.slice(RAW_ID_PREFIX.length);
    // A UUID is always written compactly, so one written raw was not made by encodeFragment.
    return RAW_ID_SHAPE.test(id) && !UUID_SHAPE.test(id.toLowerCase()) ? id : null;
  }
  return COMPACT_UUID_SHAPE.test(field) ? compactToUuid(field) : null;
}

function isValidAmount(pence: number): boolean {
  return Number.isSafeInteger(pence) && pence >= 1 && pence <= MAX_AMOUNT_PENCE;
}

function encodeAmount(pence: number): string {
  if (!isValidAmount(pence)) throw new RangeError(`Amounts must be whole pence from 1p to £1,000,000,000: ${pence}`);
  return pence.toString(36);
}

function decodeAmount(field: string): number | null {
  if (!AMOUNT_SHAPE.test(field)) return null;
  const pence = parseInt(field, 36);
  return isValidAmount(pence) ? pence : null;
}

function isValidHolders(holders: number): boolean {
  return Number.isInteger(holders) && holders >= MIN_HOLDERS && holders <= MAX_HOLDERS;
}

function encodeRow(row: CheckerRow): string {
  if (!isValidHolders(row.holders))
    throw new RangeError(`An account has ${MIN_HOLDERS} to ${MAX_HOLDERS} holders: ${row.holders}`);
  const fields = [encodeBankId(row.bankId), encodeAmount(row.amountPence), String(row.holders)];
  const thb = row.temporaryHighBalance;
  if (thb) {
    if (!isCalendarDate(thb.creditedDate)) throw new RangeError(`Not a date: ${thb.creditedDate}`);
    if (thb.qualifyingPence > row.amountPence)
      throw new RangeError('A temporary high balance cannot exceed the amount');
    fields.push(
      LIFE_EVENT_CODES[thb.lifeEvent],
      encodeAmount(thb.qualifyingPence),
      thb.creditedDate.replaceAll('-', ''),
    );
  }
  return fields.join(FIELD_SEPARATOR);
}

function decodeRow(text: string): CheckerRow | null {
  const fields = text.split(FIELD_SEPARATOR);
  if (fields.length !== 3 && fields.length !== 6) return null;
  const [bankField, amountField, holdersField, eventField, qualifyingField, dateField] = fields as [
    string,
    string,
    string,
    ...string[],
  ];
  const bankId = decodeBankId(bankField);
  const amountPence = decodeAmount(amountField);
  const holders = /^\d$/.test(holdersField) ? Number(holdersField) : NaN;
  if (bankId === null || amountPence === null || !isValidHolders(holders)) return null;
  if (fields.length === 3) return { bankId, amountPence, holders };

  const lifeEvent = LIFE_EVENT_BY_CODE.get(eventField ?? '');
  const qualifyingPence = decodeAmount(qualifyingField ?? '');
  const date = DATE_SHAPE.exec(dateField ?? '');
  const creditedDate = date ? `${date[1]}-${date[2]}-${date[3]}` : '';
  if (!lifeEvent || qualifyingPence === null || qualifyingPence > amountPence || !isCalendarDate(creditedDate))
    return null;
  return { bankId, amountPence, holders, temporaryHighBalance: { lifeEvent, qualifyingPence, creditedDate } };
}

/**
 * The fragment (without '#') that restores `state`; '' for an empty check. Throws RangeError
 * for a state no screen should produce (an amount outside 1p..£1bn, a bad holder count).
 */
export function encodeFragment(state: CheckerState): string {
  if (state.rows.length === 0) return '';
  if (state.rows.length > MAX_ROWS) throw new RangeError(`A check holds at most ${MAX_ROWS} rows`);
  return [`v${FRAGMENT_VERSION}`, ...state.rows.map(encodeRow)].join(ROW_SEPARATOR);
}

function failed(problem: FragmentProblem): DecodedFragment {
  return {
    ok: false,
    state: { rows: [...EMPTY_CHECKER_STATE.rows] },
    problem,
    message: FRAGMENT_PROBLEM_MESSAGES[problem],
  };
}

/**
 * The check a fragment holds (with or without its '#'). Never throws: anything it cannot read in
 * full gives an empty check with the problem and the message to show.
 */
export function decodeFragment(fragment: string): DecodedFragment {
  let text = fragment.startsWith('#') ? fragment.slice(1) : fragment;
  // Some apps that pass links on percent-encode the fragment; the format itself needs no escapes.
  if (text.includes('%')) {
    try {
      text = decodeURIComponent(text);
    } catch {
      return failed('unreadable');
    }
  }
  text = text.trim();
  if (text === '') return { ok: true, state: { rows: [] } };
  const parts = text.split(ROW_SEPARATOR);
  const version = /^v(\d{1,6})$/.exec(parts[0] ?? '');
  if (!version) return failed('unreadable');
  if (Number(version[1]) > FRAGMENT_VERSION) return failed('newer-version');
  if (Number(version[1]) !== FRAGMENT_VERSION) return failed('unreadable');
  const rowTexts = parts.slice(1);
  if (rowTexts.length === 0) return failed('unreadable');
  if (rowTexts.length > MAX_ROWS) return failed('too-many-rows');
  const rows: CheckerRow[] = [];
  for (const rowText of rowTexts) {
    const row = decodeRow(rowText);
    if (!row) return failed('unreadable');
    rows.push(row);
  }
  return { ok: true, state: { rows } };
}
