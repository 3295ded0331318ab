/**
 * Interest rates are whole hundredths of a percent (basis points) everywhere but the screen:
 * 4.35% is 435. The spec's rate field is numeric with step 0.01, so two decimal places at most.
 */
export type Bps = number;

/** The highest rate accepted: 100% (overdraft rates can be high; nothing real is higher). */
export const MAX_RATE_BPS: Bps = 10_000;

export type RateInputResult = { ok: true; bps: Bps } | { ok: false; reason: 'empty' | 'invalid' | 'too-precise' };

const RATE_SHAPE = /^(-)?(\d+)(?:\.(\d*))?\s*%?$/;

/**
 * What someone typed as a percentage ('4.35', '4.35%', '0.5', '-1') as basis points. A minus sign is
 * kept, so the form's rule can say 'Interest rate cannot be negative' rather than 'not a number'.
 */
export function parseRatePercent(text: string): RateInputResult {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, reason: 'empty' };
  const match = RATE_SHAPE.exec(trimmed);
  if (!match) return { ok: false, reason: 'invalid' };
  const whole = match[2]!;
  const fraction = match[3] ?? '';
  if (fraction.replace(/0+$/, '').length > 2) return { ok: false, reason: 'too-precise' };
  // Digits, not floats: '4.35' is 435, never 434.99999.
  if (whole.length > 6) return { ok: false, reason: 'invalid' };
  const bps = Number(whole) * 100 + Number(fraction.slice(0, 2).padEnd(2, '0'));
  return { ok: true, bps: match[1] && bps !== 0 ? -bps : bps };
}

/** Basis points as a percentage for an input: 435 → '4.35', 400 → '4', 450 → '4.5'. */
export function formatRateInput(bps: Bps): string {
  const sign = bps < 0 ? '-' : '';
  const abs = Math.abs(bps);
  const fraction = String(abs % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return `${sign}${Math.floor(abs / 100)}${fraction ? `.${fraction}` : ''}`;
}

/** Basis points for the account page's rate box, two decimals as the rate is read: 310 → '3.10', 400 → '4.00'. */
export function formatRateBox(bps: Bps): string {
  const sign = bps < 0 ? '-' : '';
  const abs = Math.abs(bps);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A rate as people read it, always with two decimals: 435 → '4.35%', with a rate type '4.35% AER'. */
export function formatRate(bps: Bps, rateType?: string): string {
  const sign = bps < 0 ? '-' : '';
  const abs = Math.abs(bps);
  const text = `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}%`;
  return rateType ? `${text} ${rateType}` : text;
}
