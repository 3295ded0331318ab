/**
 * The horizons and severities (001 §9 "Alerts and horizons"; issue 16). The spec gives the ISA,
 * term and interest horizons; where it gives none (a temporary high balance ending, a rate change,
 * a processed standing order) the numbers here are ours, written down in docs/domain.md.
 */
export const NOTIFICATION_HORIZONS = {
  /** Interest payments due within 30 days (the dropdown's 30, 001 §9). */
  interestWithinDays: 30,
  /** A temporary high balance's cover ending within 30 days; a warning from 7 days. */
  temporaryHighBalanceWithinDays: 30,
  temporaryHighBalanceWarningDays: 7,
  /** An account's next rate change within 30 days; a warning from 7 days. */
  rateChangeWithinDays: 30,
  rateChangeWarningDays: 7,
  /** A fixed term maturing within 30 days (the spec's term expiry horizon); a warning from 7 days. */
  maturityWithinDays: 30,
  maturityWarningDays: 7,
  /** Standing-order payments made in the last 7 days (today included). */
  processedWithinDays: 7,
} as const;
