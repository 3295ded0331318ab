import type { ProtectionCategory } from './types.ts';

/** Which FSCS limit an account's money counts against, when it counts against one. */
export type FscsScheme = 'deposit' | 'investment';

/**
 * Where money outside the FSCS per-firm limits lands in the totals:
 * - `protected`: fully covered by another rule (insurance 100%).
 * - `government-backed`: HM Treasury or the State: shown as such, never as uncovered.
 * - `other-scheme`: its own scheme with terms the product cannot compute (PPF, SSAS trustees).
 * - `unprotected`: not protected, or not confirmed as protected.
 */
export type NotLimitedBucket = 'protected' | 'government-backed' | 'other-scheme' | 'unprotected';

export type CategoryRule = { kind: 'fscs'; scheme: FscsScheme } | { kind: 'outside-limits'; bucket: NotLimitedBucket };

/** How each protection category is treated (see docs/decisions/0014-protection-engine.md). */
export const CATEGORY_RULES: Readonly<Record<ProtectionCategory, CategoryRule>> = {
  deposit: { kind: 'fscs', scheme: 'deposit' },
  investment: { kind: 'fscs', scheme: 'investment' },
  'insurance-100': { kind: 'outside-limits', bucket: 'protected' },
  'ns-and-i': { kind: 'outside-limits', bucket: 'government-backed' },
  state: { kind: 'outside-limits', bucket: 'government-backed' },
  ppf: { kind: 'outside-limits', bucket: 'other-scheme' },
  'ssas-trust': { kind: 'outside-limits', bucket: 'other-scheme' },
  offshore: { kind: 'outside-limits', bucket: 'unprotected' },
  'non-uk-branch': { kind: 'outside-limits', bucket: 'unprotected' },
  'e-money': { kind: 'outside-limits', bucket: 'unprotected' },
  ifisa: { kind: 'outside-limits', bucket: 'unprotected' },
  unverified: { kind: 'outside-limits', bucket: 'unprotected' },
};

/** The spec's pension protection categories (scheme types) mapped to the engine's. */
export const SPEC_PENSION_CATEGORY: Readonly<Record<string, ProtectionCategory>> = {
  insurance_100: 'insurance-100',
  sipp_platform_85k: 'investment',
  db_ppf: 'ppf',
  ssas_trust: 'ssas-trust',
  state: 'state',
};
