import type { CalendarDate } from '../dates/calendar-date.ts';

/** Whole pence. Every amount in the protection engine is an integer number of pence. */
export type Pence = number;

/**
 * What protects an account's money, decided by the data layer from the account type and the
 * institution's status (reference data), before the engine runs.
 * - `deposit`: FSCS deposit protection (bank, building society, credit union; cash ISAs and
 *   platform cash count against the bank that holds the deposit).
 * - `investment`: FSCS investment protection per firm (stocks and shares ISA, SIPP; the spec's
 *   `sipp_platform_85k`).
 * - `insurance-100`: long-term insurance, 100% (the spec's `insurance_100`).
 * - `ppf`: defined-benefit schemes, the Pension Protection Fund (the spec's `db_ppf`).
 * - `ssas-trust`: trustee dependent (the spec's `ssas_trust`).
 * - `state`: the State Pension, government backed (the spec's `state`).
 * - `ns-and-i`: NS&I, 100% backed by HM Treasury, not FSCS.
 * - `offshore`: Crown Dependency or other offshore-booked deposits, outside FSCS.
 * - `non-uk-branch`: a deposit booked at a branch outside the UK, where the data says so.
 * - `e-money`: safeguarded, not FSCS protected.
 * - `ifisa`: innovative finance ISA; peer-to-peer lending is generally not FSCS protected.
 * - `unverified`: the data marks the institution's FSCS status unverified: not confirmed.
 */
export const PROTECTION_CATEGORIES = [
  'deposit',
  'investment',
  'insurance-100',
  'ppf',
  'ssas-trust',
  'state',
  'ns-and-i',
  'offshore',
  'non-uk-branch',
  'e-money',
  'ifisa',
  'unverified',
] as const;
export type ProtectionCategory = (typeof PROTECTION_CATEGORIES)[number];

/** The life events that can make a balance a qualifying temporary high balance. */
export const LIFE_EVENTS = [
  'home-sale',
  'inheritance',
  'marriage-or-divorce',
  'redundancy',
  'retirement-lump-sum',
  'insurance-payout',
  'personal-injury',
  'other-qualifying',
] as const;
export type LifeEvent = (typeof LIFE_EVENTS)[number];

export type TemporaryHighBalance = {
  lifeEvent: LifeEvent;
  /** The qualifying part of the balance, whole account (shared between holders like the balance). */
  qualifyingPence: Pence;
  creditedDate: CalendarDate;
};

/**
 * Who the money is protected with. `frn`: the PRA-authorised firm (for a platform account, the
 * bank actually holding the deposit), its legal name, and the brand the account is with.
 * `bank-name`: no institution is known, so the spec's fallback groups by bank name.
 */
export type InstitutionRef =
  | { kind: 'frn'; frn: string; legalName: string; brandName?: string }
  | { kind: 'bank-name'; bankName: string };

export type AccountInput = {
  id: string;
  /** The whole account's balance, in pence. */
  balancePence: Pence;
  /** `null` when the account's bank is not known at all. */
  institution: InstitutionRef | null;
  /** 1 for a sole account; N for a joint account held by N people. */
  holders: number;
  category: ProtectionCategory;
  temporaryHighBalance?: TemporaryHighBalance;
};
