import { formatRate } from '../../core/accounts/interest-rate.ts';
import { formatPence } from '../../core/money/format.ts';
import { longDate, tableDate } from '../protection/hub-words.ts';
import type { SmartPig } from './api.ts';
import { NEVER_MOVES_NOTE, recommendationTitle } from './recommendation-card.tsx';
import { accountLabel, destinationLabel, PRIORITY_WORDS, TRANSFER_WORDS, TYPE_WORDS } from './smart-pig-words.ts';

/**
 * The export checklist (002 §2; the spec's 'PDF export feature coming soon' is a placeholder we do
 * not ship): every recommendation with a box to tick and its steps, for print only (the browser's
 * Print offers Save as PDF). The page's print styles (index.css, [data-print-summary]) print this
 * alone.
 */
export function PrintChecklist({ smartPig }: { smartPig: SmartPig }) {
  const { metrics, recommendations } = smartPig;
  return (
    <section data-print-summary className="hidden bg-white text-sm text-black print:block">
      <h1 className="text-2xl font-semibold">Smart Pig checklist</h1>
      <p className="mt-1">
        As at {longDate(smartPig.date)} ({tableDate(smartPig.date)}). Printed from SavvyPig for your own records.
      </p>
      <p className="mt-1">{NEVER_MOVES_NOTE}</p>
      <p className="mt-2">
        Unprotected deposits {formatPence(metrics.unprotectedDepositsPence)}; potential extra interest{' '}
        {formatPence(metrics.potentialExtraInterestPence)} a year before tax (
        {formatPence(metrics.estimatedNetGainPence)} after {metrics.netGainTax}); total balance{' '}
        {formatPence(metrics.totalBalancePence)}, its cash at an average rate of {formatRate(metrics.averageRateBps)},
        with {metrics.bankingGroupCount} {metrics.bankingGroupCount === 1 ? 'banking group' : 'banking groups'}.
      </p>
      {recommendations.length === 0 ? (
        <p className="mt-4 font-semibold">Nothing to do: your money is well placed.</p>
      ) : (
        <ol className="mt-4 grid gap-4">
          {recommendations.map((r) => (
            <li key={r.id} className="break-inside-avoid border border-gray-400 p-3">
              <p className="font-semibold">
                <span aria-hidden>☐ </span>
                {recommendationTitle(r)}
              </p>
              <p>
                {PRIORITY_WORDS[r.priority].text} · {TYPE_WORDS[r.type].text}
                {r.transfer ? ` · ${TRANSFER_WORDS[r.transfer]} transfer` : ''} · {r.timeframe}
              </p>
              <p>
                From {r.fromAccount ? accountLabel(r.fromAccount) : 'your biggest banking group'} to{' '}
                {r.toAccount ? destinationLabel(r) : 'a new account with another banking group'}:{' '}
                {formatPence(r.amountPence)}
                {r.currentRateBps !== null && r.newRateBps !== null
                  ? `, ${formatRate(r.currentRateBps)} to ${formatRate(r.newRateBps)}`
                  : ''}
                {r.projectedGainPence > 0 ? `, ${formatPence(r.projectedGainPence)} a year more before tax` : ''}.
              </p>
              <p className="mt-1">{r.explanation}</p>
              {r.capacityReason ? <p className="mt-1">{r.capacityReason}</p> : null}
              <ol className="mt-2 list-decimal pl-5">
                {r.steps.map((step) => (
                  <li key={step}>
                    <span aria-hidden>☐ </span>
                    {step}
                  </li>
                ))}
              </ol>
              {r.risks.length > 0 ? (
                <>
                  <p className="mt-2 font-semibold">Risks</p>
                  <ul className="list-disc pl-5">
                    {r.risks.map((risk) => (
                      <li key={risk}>{risk}</li>
                    ))}
                  </ul>
                </>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
