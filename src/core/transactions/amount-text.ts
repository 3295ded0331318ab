/**
 * Amounts typed in pounds (the dialogs' 'Amount (£)' fields) to integer pence, without a float
 * ever deciding a penny: the text is split into pounds and pence digits. Transactions carry two
 * decimals (001 §1); a third decimal is refused rather than rounded away.
 */

/** The largest amount one transaction may carry: £1,000,000,000.00 (well inside the safe-integer range, even summed). */
export const MAX_TRANSACTION_PENCE = 100_000_000_000;

export type ParsedAmount =
  | { ok: true; pence: number }
  | { ok: false; reason: 'empty' | 'not-a-number' | 'too-many-decimals' | 'too-large' };

// Optional minus, optional £, pounds with or without thousands commas, up to any decimals (checked below).
const AMOUNT_SHAPE = /^(-)?\s*£?\s*(\d{1,3}(?:,\d{3})+|\d+)?(?:\.(\d*))?$/;

/**
 * Pence for a typed amount: '12', '12.5', '£1,234.56', '-3.20' (negative pence: the caller
 * decides whether a negative figure is allowed). Refuses more than two decimals.
 */
export function parseAmountText(text: string): ParsedAmount {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, reason: 'empty' };
  const match = AMOUNT_SHAPE.exec(trimmed);
  const [, minus, poundsText, decimals] = match ?? [];
  if (!match || (poundsText === undefined && !decimals)) return { ok: false, reason: 'not-a-number' };
  if (decimals !== undefined && decimals.length > 2) return { ok: false, reason: 'too-many-decimals' };
  const pounds = Number((poundsText ?? '0').replace(/,/g, ''));
  const pence = Number((decimals ?? '').padEnd(2, '0'));
  const magnitude = pounds * 100 + pence;
  if (!Number.isSafeInteger(magnitude) || magnitude > MAX_TRANSACTION_PENCE) return { ok: false, reason: 'too-large' };
  return { ok: true, pence: minus && magnitude !== 0 ? -magnitude : magnitude };
}

/**
 * The amount a dialog's validation sees: pence (possibly negative) when the text is a number
 * with at most two decimals, otherwise null ("not a valid number").
 */
export function amountFromText(text: string): number | null {
  const parsed = parseAmountText(text);
  return parsed.ok ? parsed.pence : null;
}

/** Pence as the text an amount field starts with: 1250 → '12.50' (no £, no thousands commas). */
export function penceToAmountText(pence: number): string {
  if (!Number.isSafeInteger(pence)) throw new RangeError(`Not whole pence: ${pence}`);
  const sign = pence < 0 ? '-' : '';
  const abs = Math.abs(pence);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
