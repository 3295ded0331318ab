import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../app/paths.ts';
import { useDepositLimitFacts } from '../protection/deposit-limit.tsx';
import { Screenshot } from './screenshot.tsx';

const linkClass =
  'inline-flex items-center gap-1 rounded-sm font-medium text-brand underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

/**
 * Below the protection checker: how it works, and what the same answer looks like for a saver's
 * real accounts once they sign up (real screenshots, issue 29). The checker itself is the page
 * above, at the spec's /features/fscs-protection-checker (ADR 0060).
 */
export function CheckerExplained() {
  const limit = useDepositLimitFacts();
  return (
    <div className="mt-16 grid gap-16">
      <section aria-labelledby="checker-how-heading">
        <h2 id="checker-how-heading" className="text-2xl font-bold tracking-tight">
          How the checker works
        </h2>
        <ol className="mt-4 grid gap-4 md:grid-cols-3">
          {[
            'Pick each bank or building society you save with and type in how much you have there. For a joint account, type the whole balance: each holder’s equal share counts towards their own limit.',
            `The checker finds the banking licence behind each brand and adds up your money for each licence: brands that share a licence share one ${limit.amount} limit.`,
            'It shows how much is protected and how much is not, licence by licence, and what a temporary high balance (a house sale, an inheritance) changes.',
          ].map((step, index) => (
            <li key={step} className="flex gap-3 rounded-xl border bg-card p-5 text-sm leading-relaxed">
              <span
                aria-hidden
                className="inline-flex size-7 shrink-0 items-center justify-center rounded-full bg-brand-soft font-semibold text-brand-soft-foreground"
              >
                {index + 1}
              </span>
              <span>
                <span className="sr-only">Step {index + 1}: </span>
                {step}
              </span>
            </li>
          ))}
        </ol>
      </section>

      <section
        aria-labelledby="checker-account-heading"
        className="grid items-center gap-8 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:gap-12"
      >
        <div>
          <h2 id="checker-account-heading" className="text-2xl font-bold tracking-tight">
            The same answer for your real accounts
          </h2>
          <div className="mt-4 grid gap-3 leading-relaxed text-muted-foreground">
            <p>
              Once you sign up, SavvyPig keeps this answer for the accounts you track and updates it as balances change.
              Your dashboard shows each banking licence against its limit on every plan.
            </p>
            <p>
              On Big Pig, the Protection Hub groups your accounts by licence, warns you from 85% of a limit, shows your
              protection as at an earlier date, and prints a summary.
            </p>
          </div>
          <div className="mt-4 flex flex-wrap gap-x-6 gap-y-2">
            <Link to={paths.featurePortfolioAnalytics()} className={linkClass}>
              More about the dashboard
              <ArrowRight className="size-4" aria-hidden />
            </Link>
            <Link to={paths.plans()} className={linkClass}>
              See plans and prices
              <ArrowRight className="size-4" aria-hidden />
            </Link>
          </div>
        </div>
        <Screenshot name="protection-hub" />
      </section>
    </div>
  );
}
