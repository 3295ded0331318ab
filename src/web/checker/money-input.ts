import { MAX_AMOUNT_PENCE } from '../../core/checker/state.ts';

export type MoneyInputResult =
  | { ok: true; pence: number }
  | { ok: false; reason: 'empty' | 'invalid' | 'zero' | 'too-large' };

// en-GB: an optional £, whole pounds with or without commas every three digits, then at most
// two decimal places after a full stop. '1.234,56' (a European comma) is refused, not guessed.
const AMOUNT_SHAPE = /^£?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/;

/** What a visitor typed as money ('£70,000', '1250.5'), as whole pence, or why it is not money. */
export function parseMoneyInput(text: string): MoneyInputResult {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, reason: 'empty' };
  const match = AMOUNT_SHAPE.exec(trimmed);
  if (!match) return { ok: false, reason: 'invalid' };
  const pounds = match[1]!.replaceAll(',', '').replace(/^0+(?=\d)/, '');
  // More digits than the largest amount has: refuse before any number could lose precision.
  if (pounds.length > String(MAX_AMOUNT_PENCE / 100).length) return { ok: false, reason: 'too-large' };
  const pence = Number(pounds) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  if (pence === 0) return { ok: false, reason: 'zero' };
  if (pence > MAX_AMOUNT_PENCE) return { ok: false, reason: 'too-large' };
  return { ok: true, pence };
}
