/**
 * What each feature page says. Every line is something the product does today (read from the code
 * it names, ADR 0060): no claim about a screen or a rule that does not exist. Plan facts come from
 * the feature matrix in core, so a page and the gates cannot disagree.
 */
import { TIER_ACCOUNT_CAPS } from '../../core/accounts/account-cap.ts';
import { FEATURE_TIERS } from '../../core/subscriptions/features.ts';
import { TIER_LABELS } from '../../core/subscriptions/tier.ts';
import { paths } from '../app/paths.ts';
import type { FeaturePageContent } from './feature-page.tsx';

const PIGLET = TIER_LABELS.piglet;
const BOAR = TIER_LABELS.boar;
const BIG_PIG = TIER_LABELS.bigpig;

/** "Big Pig" for a feature only Big Pig has (the matrix decides). */
const planOf = (feature: keyof typeof FEATURE_TIERS) => TIER_LABELS[FEATURE_TIERS[feature]];

// src/web/accounts, src/web/account-detail, src/web/transactions, src/web/transaction-import,
// src/web/standing-orders, src/core/terms.
export const ACCOUNT_MANAGEMENT: FeaturePageContent = {
  href: paths.featureAccountManagement(),
  badge: 'Account management',
  title: 'Every savings account in one place',
  lead: 'Keep easy-access savings, fixed-rate bonds, notice accounts, current accounts, ISAs and pensions side by side: the bank, the balance, the rate, the transactions and the rules of each account.',
  hero: 'accounts',
  sections: [
    {
      title: 'Your accounts, with their banks',
      screenshot: 'account',
      points: [
        'Add an account by picking its bank or building society from our list of UK banks and brands, or a platform and the partner bank that holds the money.',
        'The accounts list shows each one’s balance, rate and protection, and groups accounts whose brands share a banking licence.',
        'Each account has its own page: its balance, average monthly interest and lifetime interest at the top, then its details, each change saved as you make it.',
        'A balance follows its transactions. When your bank shows a different figure, Update balance records what it says, on the day it says it.',
      ],
    },
    {
      title: 'Transactions and standing orders',
      screenshot: 'transactions',
      points: [
        'Record deposits, withdrawals, interest and fees, several at once, and edit or delete any of them.',
        'Import a CSV file from your bank: SavvyPig finds the columns, reads UK dates and amounts, and skips rows you already have.',
        'The Transactions page lists every account’s transactions together, with filters.',
        'Record a standing order (daily, weekly, monthly, quarterly or yearly, with an end date or a number of payments) and SavvyPig adds each payment on its day.',
      ],
    },
    {
      title: 'The rules of each account, watched',
      screenshot: 'interest-settings',
      points: [
        'Interest settings: the rate as AER, gross or net, how often interest is paid and on which day, and the date of the next rate change.',
        'Terms and conditions: withdrawal limits, minimum deposits, fixed terms, notice periods, introductory and bonus rates, ISA allowances and more, each with a status that turns amber or red before you break a rule.',
        'A fixed-term account shows when it matures and what to do before then.',
      ],
    },
  ],
  notDone: (
    <>
      <p>
        SavvyPig does not connect to your bank. You type in or import your accounts and transactions yourself, so it
        never needs your online banking login and cannot move your money.
      </p>
      <p>A standing order in SavvyPig records a payment; it does not make one.</p>
    </>
  ),
  plans: (
    <>
      <p>
        {PIGLET}: up to {TIER_ACCOUNT_CAPS.piglet} accounts. {BOAR}: up to {TIER_ACCOUNT_CAPS.boar}. {BIG_PIG}: as many
        as you like.
      </p>
      <p>
        Transactions, imports, standing orders and account terms come with every plan. ISA and pension tracking need{' '}
        {planOf('isas')}.
      </p>
    </>
  ),
};

// src/core/notifications (rate-change, interest, account-term and maturity sources), the
// notifications page and bell, the daily digest (src/server/notifications/digest.ts), Smart Pig.
export const RATE_MONITORING: FeaturePageContent = {
  href: paths.featureRateMonitoring(),
  badge: 'Rate monitoring',
  title: 'Know before your rate changes',
  lead: 'Introductory rates end, bonds mature and interest dates pass. SavvyPig keeps the rate and the dates of each account you track and tells you what is coming, in time to move your money.',
  hero: 'notifications',
  sections: [
    {
      title: 'Rates and dates for every account',
      screenshot: 'interest-settings',
      points: [
        'Each account keeps its rate (AER, gross or net), how often it pays interest, the payment day and the date its rate next changes.',
        'Introductory and bonus rates are terms with a start date, an end date and the rate they fall back to.',
        'Fixed-rate bonds keep their term, so SavvyPig knows the day they mature.',
      ],
    },
    {
      title: 'Told in time',
      screenshot: 'notifications',
      points: [
        'A notification 30 days before an account’s rate changes, which turns to a warning in the last 7 days. Turn it off for any account.',
        'Interest due in the next 30 days, so you can check it arrives.',
        'A fixed term maturing in the next 30 days, and a bonus rate or term about to end.',
        'The bell in the header counts them; the Notifications page lists them, most urgent first, each linked to its account. Dismiss one and it stays dismissed on every device.',
        'Opt in to a daily e-mail digest of what is new.',
      ],
    },
    {
      title: 'Where a better rate is',
      screenshot: 'smart-pig',
      points: [
        'Smart Pig compares the rates of the accounts you track and suggests moves that earn more interest or bring money under protection, with the interest a year each move would gain.',
        'Try a move in the what-if simulator before you make it.',
        'Suggestions are information for you to weigh up, not financial advice.',
      ],
    },
  ],
  notDone: (
    <p>
      SavvyPig does not watch the rates banks advertise. It watches the rates and dates you record for your own
      accounts, so keep them up to date when your bank writes to you.
    </p>
  ),
  plans: (
    <>
      <p>
        Rate change and interest notifications come with every plan, as does the daily digest. Maturity notifications
        need {planOf('maturityNotifications')}, and Smart Pig needs {planOf('smartPig')}.
      </p>
    </>
  ),
};

// src/web/dashboard, src/web/balance-series, src/web/account-detail/account-charts.tsx,
// src/web/protection (the Hub), src/web/smart-pig.
export const PORTFOLIO_ANALYTICS: FeaturePageContent = {
  href: paths.featurePortfolioAnalytics(),
  badge: 'Portfolio analytics',
  title: 'See all your savings at a glance',
  lead: 'One dashboard answers the questions that matter: how much you have, how much of it is protected, where the risk is and what is coming up. Charts show how each account and the total have moved over the year.',
  hero: 'dashboard',
  sections: [
    {
      title: 'The answer first',
      screenshot: 'dashboard',
      points: [
        'Your total, how much of it the FSCS protects, what is at risk and what the government backs, from every account you track.',
        'Each banking licence against its limit, with the brands that share it, and what is coming up in the next 30 days.',
        'Figures update as you add transactions, in every tab you have open.',
      ],
    },
    {
      title: 'Charts you can read',
      screenshot: 'account-charts',
      points: [
        'The total balance over the last 12 months on the dashboard, and each account’s balance over time on its page.',
        'Money in and out each month as bars or lines, and the share of deposits, withdrawals, interest and fees.',
        'Every chart has a table beside it for screen readers and for anyone who prefers numbers.',
      ],
    },
    {
      title: 'Protection Hub and Smart Pig',
      screenshot: 'protection-hub',
      points: [
        'The Protection Hub groups your accounts by banking licence, warns from 85% of a limit, and can show your protection as at an earlier date. Print a summary to keep.',
        'Smart Pig looks at your accounts together and suggests ways to spread money across licences or earn more interest.',
        'Download everything SavvyPig holds about you as one file from Settings, whenever you like.',
      ],
    },
  ],
  notDone: (
    <p>
      SavvyPig shows your own figures; it does not give financial advice, and it does not value investments for you: an
      investment ISA or a pension shows the balance you record.
    </p>
  ),
  plans: (
    <p>
      The dashboard and the charts come with every plan. The Protection Hub needs {planOf('protectionHub')}, and so does
      Smart Pig.
    </p>
  ),
};
