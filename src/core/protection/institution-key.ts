import type { FscsScheme } from './categories.ts';
import type { InstitutionRef } from './types.ts';

/** The identity one limit hangs on: the FRN, or the normalised bank name when no FRN is known. */
export function institutionKey(ref: InstitutionRef): string {
  if (ref.kind === 'frn') return `frn:${ref.frn.trim()}`;
  return `name:${ref.bankName.trim().replace(/\s+/g, ' ').toLowerCase()}`;
}

/** One exposure per institution per scheme: deposits and investments at one firm have separate limits. */
export function exposureKey(ref: InstitutionRef, scheme: FscsScheme): string {
  return `${scheme}|${institutionKey(ref)}`;
}
