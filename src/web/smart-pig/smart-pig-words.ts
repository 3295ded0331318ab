/**
 * Smart Pig's words for the engine's values (DESIGN.md: colour never alone, always an icon and
 * words). The spec names the fields (002 §3) but not their labels; these are ours.
 */
import {
  ArrowDownUp,
  CircleAlert,
  CircleCheck,
  type LucideIcon,
  ShieldAlert,
  Split,
  TrendingUp,
  TriangleAlert,
} from 'lucide-react';
import type { Tone } from '../protection/hub-words.ts';
import type { Recommendation, Simulation } from './api.ts';

export const PRIORITY_WORDS: Readonly<Record<Recommendation['priority'], { text: string; tone: Tone }>> = {
  high: { text: 'High priority', tone: 'destructive' },
  medium: { text: 'Medium priority', tone: 'warning' },
  low: { text: 'Low priority', tone: 'info' },
};

export const TYPE_WORDS: Readonly<Record<Recommendation['type'], { text: string; icon: LucideIcon }>> = {
  protection: { text: 'Protection', icon: ShieldAlert },
  rate_optimization: { text: 'Better rate', icon: TrendingUp },
  diversification: { text: 'Diversification', icon: Split },
};

export const TRANSFER_WORDS: Readonly<Record<NonNullable<Recommendation['transfer']>, string>> = {
  internal: 'Internal',
  external: 'External',
};

export const TRANSFER_ICON = ArrowDownUp;

type AlertLevel = Simulation['licences'][number]['alertLevelAfter'];

/** A licence's state after a what-if, in a few words. */
export const ALERT_LEVEL_WORDS: Readonly<Record<AlertLevel, { text: string; tone: Tone; icon: LucideIcon }>> = {
  'over-limit': { text: 'Over the limit', tone: 'destructive', icon: TriangleAlert },
  'projected-breach': { text: 'Above 90% of the limit', tone: 'warning', icon: CircleAlert },
  approaching: { text: '85% or more of the limit', tone: 'warning', icon: CircleAlert },
  none: { text: 'Within the limit', tone: 'success', icon: CircleCheck },
};

/** An account as the saver knows it: 'Halifax saver (Halifax)'. */
export function accountLabel(account: { name: string; bankName: string | null }): string {
  return account.bankName && account.bankName !== account.name ? `${account.name} (${account.bankName})` : account.name;
}

/** Where a recommendation's money goes, in words. */
export function destinationLabel(recommendation: Recommendation): string {
  return recommendation.toAccount ? accountLabel(recommendation.toAccount) : 'A new account with another banking group';
}
