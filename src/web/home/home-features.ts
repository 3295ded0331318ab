/**
 * What the home page promises (issue 13 §2): each feature card names the route of the page that
 * keeps the promise and links to it. A card shows only once its route is registered, so the home
 * page never offers a page that does not exist yet, and offers it the day it does.
 */
import {
  Calculator,
  LayoutGrid,
  type LucideIcon,
  Percent,
  ShieldCheck,
  ShieldQuestion,
  Sparkles,
  Wallet,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { isRegistered, paths, type RouteId, routeDefinition } from '../app/paths.ts';

/** The limit as the page words it (from useDepositLimitFacts). */
export type LimitWords = { amount: string };

export interface FeatureCard {
  title: string;
  icon: LucideIcon;
  body: (limit: LimitWords) => ReactNode;
  /** The page that keeps the promise; the card shows only when it is registered. */
  route: RouteId;
  /** The link to that page (a path built by `paths`, so it matches `route`). */
  href: string;
  linkText: string;
}

export const FEATURE_CARDS: readonly FeatureCard[] = [
  {
    title: 'All your savings in one place',
    icon: Wallet,
    body: () =>
      'Keep easy-access accounts, fixed-rate bonds, ISAs and pensions side by side, with their balances, interest rates, transactions and standing orders. You enter the details yourself, so there’s nothing to connect.',
    route: 'accounts',
    href: paths.accounts(),
    linkText: 'Go to your accounts',
  },
  {
    title: 'Protection by banking licence',
    icon: ShieldCheck,
    body: ({ amount }) =>
      `Each account shows the banking licence behind its brand. SavvyPig adds up your money for each licence and tells you how much of it is over the ${amount} limit.`,
    route: 'accounts',
    href: paths.accounts(),
    linkText: 'See what is protected',
  },
  {
    title: 'Check before you sign up',
    icon: ShieldQuestion,
    body: () =>
      'Type in what you have with each bank or building society and the protection checker shows how much of it is protected today. No account needed.',
    route: 'featureFscsProtectionChecker',
    href: paths.featureFscsProtectionChecker(),
    linkText: 'Check your protection',
  },
  {
    title: 'Your licences at a glance',
    icon: LayoutGrid,
    body: () =>
      'The Protection Hub groups your accounts by banking licence, not by brand, and warns you when you’re getting close to the limit or have gone over it.',
    route: 'protection',
    href: paths.protection(),
    linkText: 'Open the Protection Hub',
  },
  {
    title: 'Smart Pig suggestions',
    icon: Sparkles,
    body: () =>
      'On the Big Pig plan, Smart Pig looks at the accounts you track and points out ways to spread money across banking licences or earn more interest. Suggestions are information for you to weigh up, not advice.',
    route: 'smartPig',
    href: paths.smartPig(),
    linkText: 'See Smart Pig’s suggestions',
  },
  {
    title: 'Savings calculator',
    icon: Calculator,
    body: () => 'Work out how a regular saving habit adds up over the months and years.',
    route: 'featureSavingsCalculator',
    href: paths.featureSavingsCalculator(),
    linkText: 'Try the savings calculator',
  },
  {
    title: 'Interest calculator',
    icon: Percent,
    body: () => 'Compare what different interest rates would earn on your savings.',
    route: 'featureInterestCalculator',
    href: paths.featureInterestCalculator(),
    linkText: 'Try the interest calculator',
  },
];

/**
 * The card's link, for someone who can open its page: a visitor is not sent to a signed-in page
 * (the hero's sign-up button is their way in), so those cards carry no link for them.
 */
export function featureLink(card: FeatureCard, signedIn: boolean): { href: string; text: string } | null {
  return signedIn || routeDefinition(card.route).access === 'public' ? { href: card.href, text: card.linkText } : null;
}

/** The cards whose pages exist. */
export function shownFeatureCards(
  cards: readonly FeatureCard[] = FEATURE_CARDS,
  registered: (route: RouteId) => boolean = isRegistered,
): FeatureCard[] {
  return cards.filter((card) => registered(card.route));
}
