/**
 * The Protection Hub's words and tones for the engine's states (DESIGN.md: colour never alone,
 * always an icon and words). Amounts in pence.
 */
import { format, parseISO } from 'date-fns';
import { enGB } from 'date-fns/locale';
import { CircleAlert, CircleCheck, type LucideIcon, ShieldAlert, ShieldCheck, TriangleAlert } from 'lucide-react';
import { formatPence } from '../../core/money/format.ts';
import { holderShareWord, isFirmsOwnName } from '../../core/protection/explain.ts';
import { ALERT_LEVEL_WORDS, roundedPercent } from '../../core/protection/thresholds.ts';
import type { LicenceGroup, ProtectionPicture } from './api.ts';

export type Tone = 'success' | 'warning' | 'destructive' | 'info';
export type StatusWords = { tone: Tone; icon: LucideIcon; text: string };

export const BADGE_WORDS: Readonly<Record<ProtectionPicture['badge'], StatusWords>> = {
  'fully-protected': { tone: 'success', icon: ShieldCheck, text: 'Fully protected' },
  'mostly-protected': { tone: 'warning', icon: ShieldAlert, text: 'Mostly protected' },
  'at-risk': { tone: 'destructive', icon: TriangleAlert, text: 'At risk' },
};

/** One licence's state in a few words: over the limit, close to it, or fully protected. */
export function licenceStatus(group: Pick<LicenceGroup, 'alertLevel' | 'atRiskPence'>): StatusWords {
  switch (group.alertLevel) {
    case 'over-limit':
      return { tone: 'destructive', icon: TriangleAlert, text: `${formatPence(group.atRiskPence)} not protected` };
    case 'projected-breach':
      return { tone: 'warning', icon: CircleAlert, text: ALERT_LEVEL_WORDS['projected-breach'] };
    case 'approaching':
      return { tone: 'warning', icon: CircleAlert, text: ALERT_LEVEL_WORDS.approaching };
    case 'none':
      return { tone: 'success', icon: CircleCheck, text: ALERT_LEVEL_WORDS.none };
  }
}

/** '1 Apr 2027' (cards and prose, DESIGN.md). */
export function shortDate(isoDate: string): string {
  return format(parseISO(isoDate), 'd MMM yyyy', { locale: enGB });
}

/** An instant ('2026-11-29T10:00:00.000Z') as the day it falls on here: '29 Nov 2026'. */
export function instantDate(iso: string): string {
  return format(new Date(iso), 'd MMM yyyy', { locale: enGB });
}

/** '22 November 2026' (the printed summary's date). */
export function longDate(isoDate: string): string {
  return format(parseISO(isoDate), 'd MMMM yyyy', { locale: enGB });
}

/** '27/11/2026' (tables, the spec's dd/MM/yyyy). */
export function tableDate(isoDate: string): string {
  return format(parseISO(isoDate), 'dd/MM/yyyy', { locale: enGB });
}

/**
 * How much of the saver's money is safe (FSCS, insurance or government backed), as a percentage
 * rounded to one decimal place; never 100% while some of it is not safe.
 */
export function safePercent(totals: ProtectionPicture['totals']): number | null {
  const considered = totals.totalPence - totals.otherSchemePence - (totals.unknownPence ?? 0);
  if (considered <= 0) return null;
  const safe = totals.protectedPence + totals.governmentBackedPence;
  const percent = roundedPercent(safe, considered);
  return percent === 100 && safe < considered ? 99.9 : percent;
}

/** 'Joint account (2 people): your half' style note for an account line; null for a sole account. */
export function shareNote(holders: number): string | null {
  if (holders <= 1) return null;
  return `Joint account, ${holders} people: your ${holderShareWord(holders)}`;
}

/** The heading over the licence cards: investment firms are named too when the saver has money with one. */
export function groupsHeading(groups: readonly Pick<LicenceGroup, 'scheme'>[]): string {
  const investment = groups.some((g) => g.scheme === 'investment');
  const banks = groups.some((g) => g.scheme !== 'investment');
  if (investment && banks) return 'Your money by banking licence and investment firm';
  return investment ? 'Your money by investment firm' : 'Your money by banking licence';
}

/**
 * 'Banking licence: £120,000 per person if the bank fails · FRN 169628 · Halifax, Bank of
 * Scotland': what the money rests on, and the saver's brands under it.
 */
export function licenceLine(
  group: Pick<LicenceGroup, 'scheme' | 'frn' | 'brands' | 'name'> & { basis?: string },
): string {
  return [
    group.basis ?? (group.scheme === 'investment' ? 'Investment firm' : 'Banking licence'),
    // A no-break space keeps 'FRN 169628' on one line.
    group.frn ? `FRN\u00a0${group.frn}` : null,
    group.brands.length > 1 || !isFirmsOwnName(group.brands[0] ?? group.name, group.name)
      ? group.brands.join(', ')
      : null,
  ]
    .filter(Boolean)
    .join(' · ');
}
