/**
 * Smart Pig's data (002 §3 "Protection and Smart Pig data"): the accounts it reads, the
 * recommendations it makes and the metrics it shows. Money is whole pence, rates basis points
 * (4.35% is 435), dates 'yyyy-MM-dd'.
 */
import type { AccountCategory } from '../accounts/account-type-category.ts';
import type { Bps } from '../accounts/interest-rate.ts';
import type { CalendarDate } from '../dates/calendar-date.ts';
import type { PictureAccount } from '../protection/picture.ts';
import type { Pence } from '../protection/types.ts';

/**
 * A fixed term on an account: money cannot leave before `endsOn` without breaking the term.
 * `endsOn` is null when the account is fixed but its end is not recorded: treated as locked.
 */
export type FixedTerm = { endsOn: CalendarDate | null };

/**
 * One of the saver's accounts as Smart Pig reads it: the protection picture's account (the
 * engine's input with its licence, holders and any temporary high balance, plus the names to show,
 * built by `pictureAccountOf` exactly as the Hub builds it), and what decides whether money may
 * move in or out of it. Build one from stored facts with `smartPigAccount` (account-facts.ts).
 */
export type SmartPigAccount = PictureAccount & {
  /** The account type's category (savings, current, bond, isa, pension, other). */
  category: AccountCategory;
  interestRateBps: Bps;
  /**
   * Days of notice needed to withdraw: 0 for easy access; null for a notice account whose notice
   * is not recorded (it counts as the longest notice the preferences offer, 95 days).
   */
  noticeDays: number | null;
  /** Null when the account has no fixed term. */
  fixedTerm: FixedTerm | null;
  /** True while the rate is an introductory (teaser or bonus) rate that drops when the offer ends. */
  hasIntroductoryRate: boolean;
  /** When the introductory rate ends, if known. */
  introductoryRateEndsOn: CalendarDate | null;
  /**
   * The rate after the current one ends (a running fixed term's end, or an introductory rate's):
   * the renewal rate the saver recorded for the fixed term, or the introductory rate's reversion
   * rate; null when none is recorded (then no interest is counted after the end).
   */
  rateAfterBps: Bps | null;
  /** False for stocks and shares ISAs and pensions (`earnsCashInterest`): no rate figure counts them. */
  earnsCashInterest: boolean;
  /**
   * The brand the saver deals with (for a platform account, the platform), lower case; null when
   * unknown. A transfer is internal only between two accounts of one brand at one licence.
   */
  brandKey: string | null;
  /**
   * The most money the account's own terms let in now (whole account, pence): null when they set
   * no limit; 0 when it takes none (a running fixed term without a contributions term, or a
   * contributions term that has ended or is full).
   */
  depositRoomPence: Pence | null;
};

/** The saver's constraints (002 §3 "Smart Pig constraints"). */
export type SmartPigPreferences = {
  /** Suggest moving money that is over a licence's limit to one with room. */
  keepFullFSCSCover: boolean;
  /** Never suggest an account paying an introductory (teaser) rate. */
  avoidTeaserRates: boolean;
  /** The longest notice period (days, 0–95) the saver accepts on an account money moves into. */
  maxNoticeDays: number;
  /** The longest time (months, 0–60) the saver accepts money being fixed in an account it moves into. */
  maxFixedMonths: number;
  /** Prefer ISAs as destinations while ISA allowance is left: their interest is tax free. */
  useISAFirst: boolean;
};

export const RECOMMENDATION_TYPES = ['protection', 'rate_optimization', 'diversification'] as const;
export type RecommendationType = (typeof RECOMMENDATION_TYPES)[number];

export const RECOMMENDATION_PRIORITIES = ['high', 'medium', 'low'] as const;
export type RecommendationPriority = (typeof RECOMMENDATION_PRIORITIES)[number];

/** Internal when both accounts are with one banking group (licence), External otherwise (002 §4). */
export type TransferKind = 'internal' | 'external';

/** An account a recommendation names, with what to call it and the licence it counts against. */
export type RecommendationAccount = {
  id: string;
  name: string;
  /** The brand the saver uses (Halifax); null when none is recorded. */
  bankName: string | null;
  /** The protection engine's exposure key of the account's licence. */
  licenceKey: string;
  /** The licence (PRA-authorised firm) or bank name the limit applies to. */
  licenceName: string;
  holders: number;
};

/**
 * One recommendation (002 §3 "Recommendation"). `toAccount` null means a new account with another
 * banking group (no account the saver holds can take the money). `amountPence` is what to move out
 * of the whole account (for a joint account, all holders' money: the saver's share is
 * `amountPence / holders`). Rates are the accounts' rates now; `projectedGainPence` is a year's
 * extra interest, before tax, rounded down to the penny.
 */
export type Recommendation = {
  /** Stable within one set of recommendations: type, accounts and the order it was made in. */
  id: string;
  priority: RecommendationPriority;
  type: RecommendationType;
  fromAccount: RecommendationAccount | null;
  toAccount: RecommendationAccount | null;
  amountPence: Pence;
  currentRateBps: Bps | null;
  newRateBps: Bps | null;
  projectedGainPence: Pence;
  explanation: string;
  risks: string[];
  /** How long the move takes, including any notice or the end of a fixed term. */
  timeframe: string;
  /** Null for diversification, where no transfer between two of the saver's accounts is named. */
  transfer: TransferKind | null;
  /** Room at the destination's licence before this move (the saver's money, pence); null with no destination. */
  availableCapacityPence: Pence | null;
  /** True when the room at the destination (or the ISA allowance left) cut the amount. */
  capacityLimited: boolean;
  capacityReason: string | null;
  /** The See Steps dialog: what the saver does, in order. The product never moves money. */
  steps: string[];
};

/** The metric cards (002 §3 "Metrics"). Money in pence, the saver's share of joint accounts. */
export type SmartPigMetrics = {
  /** Money at risk: over a limit, not FSCS protected, not confirmed or at an unknown bank (the Hub's Unprotected Amount). */
  unprotectedDepositsPence: Pence;
  /** A year's extra interest from following every recommendation, before tax. */
  potentialExtraInterestPence: Pence;
  /** The same after basic-rate tax (20%, the spec's factor 0.8; 22% from 6 April 2027), rounded down to the penny. */
  estimatedNetGainPence: Pence;
  /** The tax taken off, in words: "20% tax", or the rates either side of a change within the year. */
  netGainTax: string;
  /** Licences holding more than 90% of their limit (those over it included). */
  projectedBreaches: number;
  totalBalancePence: Pence;
  /** Balance-weighted average rate over accounts holding money, rounded to the basis point; 0 with no money. */
  averageRateBps: Bps;
  /** FSCS-covered, insured and government-backed money (the Hub's Total Protected). */
  protectedBalancePence: Pence;
  /** Licences holding some of the saver's money. */
  bankingGroupCount: number;
};
