/**
 * en-GB money text from integer pence: `£1,234.56`, `-£20.00`, or whole pounds (`£120,000`)
 * for figures that are always whole, such as protection limits. Pure integer arithmetic, so
 * no float ever decides a penny.
 */
export type FormatPenceOptions = {
  /** Leave out the pence when they are zero (limits, headline figures). */
  wholePounds?: boolean;
};

/** Commas between groups of three from the right; a loop, as the look-ahead pattern cost ~4× as much on every figure an answer carries. */
function groupThousands(digits: string): string {
  const head = digits.length % 3 || 3;
  let grouped = digits.slice(0, head);
  for (let at = head; at < digits.length; at += 3) grouped += `,${digits.slice(at, at + 3)}`;
  return grouped;
}

export function formatPence(pence: number, options: FormatPenceOptions = {}): string {
  if (!Number.isSafeInteger(pence)) throw new RangeError(`Not whole pence: ${pence}`);
  const sign = pence < 0 ? '-' : '';
  const abs = Math.abs(pence);
  const pounds = groupThousands(String(Math.floor(abs / 100)));
  const rest = abs % 100;
  if (options.wholePounds && rest === 0) return `${sign}£${pounds}`;
  return `${sign}£${pounds}.${String(rest).padStart(2, '0')}`;
}
