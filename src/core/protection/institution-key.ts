import type { FscsScheme } from './categories.ts';
import type { InstitutionRef } from './types.ts';

// Space at either end, two in a row, or white space other than a plain space.
const UNCLEAN = /^\s|\s$|\s\s|[^\S ]/;

/** A name as shown: trimmed, with runs of white space made one space. */
export function cleanName(name: string): string {
  // Most names are clean already; testing first spares a copy on every calculation.
  return UNCLEAN.test(name) ? name.trim().replace(/\s+/g, ' ') : name;
}

/** The identity one limit hangs on: the FRN, or the bank name (case and spacing ignored) when no FRN is known. */
export function institutionKey(ref: InstitutionRef): string {
  if (ref.kind === 'frn') return `frn:${ref.frn.trim()}`;
  return `name:${cleanName(ref.bankName).toLowerCase()}`;
}

/** One exposure per institution per scheme: deposits and investments at one firm have separate limits. */
export function exposureKey(ref: InstitutionRef, scheme: FscsScheme): string {
  return `${scheme}|${institutionKey(ref)}`;
}
