/**
 * Money as UK bank exports write it, read into signed integer pence with no floating point:
 * '£1,234.56', '-12.00', '−12.00', '-£12.00', '£-12.00', '(12.00)', '12.00 CR', '12.00 DR', '12', '.5'.
 * A pound amount has at most 2 decimal places; thousands are grouped by commas in threes.
 */

/** £999,999,999.99: far above any real account's transaction, and safely an integer. */
export const MAX_AMOUNT_PENCE = 99_999_999_999;

export type AmountReading =
  | { kind: 'blank' }
  | { kind: 'amount'; pence: number }
  | { kind: 'invalid'; message: string };

const NUMBER = /^(?:\d{1,3}(?:,\d{3})+|\d+)?(?:\.\d{1,2})?$/;

export function parseAmountPence(text: string): AmountReading {
  let rest = text.trim();
  if (rest === '') return { kind: 'blank' };
  const shown = rest;
  let negatives = 0;
  let positives = 0;

  const suffix = /\s*(CR|DR)\.?$/i.exec(rest);
  if (suffix) {
    if (suffix[1]!.toUpperCase() === 'DR') negatives++;
    else positives++;
    rest = rest.slice(0, suffix.index).trim();
  }
  const brackets = /^\((.*)\)$/.exec(rest);
  if (brackets) {
    negatives++;
    rest = brackets[1]!.trim();
  }
  // Signs and the currency may come in either order: -£12, £-12, +£12, GBP 12.
  for (let changed = true; changed; ) {
    changed = false;
    const sign = /^([-−+])\s*/.exec(rest);
    if (sign) {
      if (sign[1] === '+') positives++;
      else negatives++;
      rest = rest.slice(sign[0].length);
      changed = true;
    }
    const currency = /^(£|GBP)\s*/i.exec(rest);
    if (currency) {
      rest = rest.slice(currency[0].length);
      changed = true;
    }
  }
  // A trailing minus sign ("12.00-") appears in some older exports.
  if (/-$/.test(rest)) {
    negatives++;
    rest = rest.slice(0, -1).trim();
  }

  if (rest === '' || rest === '.' || !NUMBER.test(rest))
    return { kind: 'invalid', message: `'${shown}' is not an amount` };
  if (negatives + positives > 1) return { kind: 'invalid', message: `'${shown}' has more than one sign` };

  const [pounds = '', decimals = ''] = rest.replace(/,/g, '').split('.');
  const pence = Number(pounds || '0') * 100 + Number(decimals.padEnd(2, '0') || '0');
  if (!Number.isSafeInteger(pence) || pence > MAX_AMOUNT_PENCE)
    return { kind: 'invalid', message: `'${shown}' is too large` };
  return { kind: 'amount', pence: negatives > 0 && pence !== 0 ? -pence : pence };
}

/** Pence written the way a bank export might: the tests' inverse of parseAmountPence. */
export function formatAmountAs(pence: number, style: 'plain' | 'pound' | 'grouped' | 'brackets' | 'crdr'): string {
  const abs = Math.abs(pence);
  const digits = `${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))(?=\d*\.)/g, ',');
  const negative = pence < 0;
  switch (style) {
    case 'plain':
      return `${negative ? '-' : ''}${digits}`;
    case 'pound':
      return `${negative ? '-' : ''}£${grouped}`;
    case 'grouped':
      return `${negative ? '-' : ''}${grouped}`;
    case 'brackets':
      return negative ? `(${grouped})` : grouped;
    case 'crdr':
      return `${grouped} ${negative ? 'DR' : 'CR'}`;
  }
}
