import { formatLimit } from '../../core/checker/text.ts';
import { formatPence } from '../../core/money/format.ts';
import { TEMPORARY_HIGH_BALANCE_MONTHS } from '../../core/protection/thb.ts';
import type { ProtectionPicture } from './api.ts';
import { BADGE_WORDS, longDate, shareNote, tableDate } from './hub-words.ts';
import { outsideTitle } from './outside-group-card.tsx';

type AppliedLimit = ProtectionPicture['limits']['deposit'];

function since(limit: AppliedLimit): string {
  return limit.isOverride
    ? ', a limit set by SavvyPig in place of the legal one'
    : `, in force since ${longDate(limit.effectiveFrom)}`;
}

const cell = 'border border-gray-400 px-2 py-1 align-top';
const money = `${cell} text-right tabular-nums whitespace-nowrap`;
const heading = `${cell} whitespace-nowrap text-right`;

function Accounts({ accounts }: { accounts: ProtectionPicture['groups'][number]['accounts'] }) {
  return (
    <ul>
      {accounts.map((a) => (
        <li key={a.id}>
          {a.name}
          {a.bankName ? ` (${a.bankName})` : ''}: {formatPence(a.sharePence)}
          {a.holders > 1 ? ` — ${shareNote(a.holders)} of ${formatPence(a.balancePence)}` : ''}
        </li>
      ))}
    </ul>
  );
}

/**
 * The printable summary for a saver's own records (print media only): the date, the limits
 * applied, the totals, and the money licence by licence, then outside the FSCS limits.
 */
export function PrintSummary({ picture }: { picture: ProtectionPicture }) {
  const { limits, totals } = picture;
  return (
    <section data-print-summary className="hidden bg-white text-sm text-black print:block">
      <h1 className="text-2xl font-semibold">Deposit protection summary</h1>
      <p className="mt-1">
        As at {longDate(picture.date)} ({tableDate(picture.date)}). Printed from SavvyPig for your own records.
      </p>

      <h2 className="mt-4 text-base font-semibold">Limits applied</h2>
      <ul className="list-disc pl-5">
        <li>
          FSCS deposit protection: {formatLimit(limits.deposit.amountPence)} per person per banking licence
          {since(limits.deposit)}. Brands that share a licence share one limit; joint accounts count each holder’s
          share.
        </li>
        <li>
          Temporary high balances: up to {formatLimit(limits.temporaryHighBalance.amountPence)} per life event, for{' '}
          {TEMPORARY_HIGH_BALANCE_MONTHS} months after the money is credited{since(limits.temporaryHighBalance)}.
        </li>
        <li>
          FSCS investment protection: {formatLimit(limits.investment.amountPence)} per person per firm
          {since(limits.investment)}.
        </li>
        <li>NS&amp;I: 100% backed by HM Treasury, with no limit.</li>
      </ul>

      <h2 className="mt-4 text-base font-semibold">Totals</h2>
      <table className="mt-1 border-collapse">
        <tbody>
          <tr>
            <th scope="row" className={`${cell} text-left font-normal`}>
              All your money
            </th>
            <td className={money}>{formatPence(totals.totalPence)}</td>
          </tr>
          <tr>
            <th scope="row" className={`${cell} text-left font-normal`}>
              Protected by the FSCS
            </th>
            <td className={money}>{formatPence(totals.protectedPence)}</td>
          </tr>
          {totals.governmentBackedPence > 0 ? (
            <tr>
              <th scope="row" className={`${cell} text-left font-normal`}>
                Backed by the government (NS&amp;I)
              </th>
              <td className={money}>{formatPence(totals.governmentBackedPence)}</td>
            </tr>
          ) : null}
          {totals.otherSchemePence > 0 ? (
            <tr>
              <th scope="row" className={`${cell} text-left font-normal`}>
                Under another scheme
              </th>
              <td className={money}>{formatPence(totals.otherSchemePence)}</td>
            </tr>
          ) : null}
          {totals.unknownPence > 0 ? (
            <tr>
              <th scope="row" className={`${cell} text-left font-normal`}>
                Protection unknown (provider or bank not chosen)
              </th>
              <td className={money}>{formatPence(totals.unknownPence)}</td>
            </tr>
          ) : null}
          <tr>
            <th scope="row" className={`${cell} text-left font-semibold`}>
              Not protected
            </th>
            <td className={`${money} font-semibold`}>{formatPence(totals.atRiskPence)}</td>
          </tr>
        </tbody>
      </table>
      <p className="mt-1">
        {BADGE_WORDS[picture.badge].text}. {picture.licenceCount}{' '}
        {picture.licenceCount === 1 ? 'banking licence' : 'banking licences'}
        {picture.isDiversified ? ': diversified.' : '.'}
      </p>

      {picture.groups.length > 0 ? (
        <>
          <h2 className="mt-4 text-base font-semibold">By banking licence</h2>
          <table className="mt-1 w-full border-collapse">
            <thead>
              <tr>
                <th scope="col" className={`${cell} text-left`}>
                  Licence and accounts
                </th>
                <th scope="col" className={heading}>
                  Total
                </th>
                <th scope="col" className={heading}>
                  Covered
                </th>
                <th scope="col" className={heading}>
                  At risk
                </th>
              </tr>
            </thead>
            <tbody>
              {picture.groups.map((group) => (
                <tr key={group.key} className="break-inside-avoid">
                  <td className={cell}>
                    <p className="font-semibold">
                      {group.name}
                      {group.frn ? ` (FRN ${group.frn})` : ''}
                    </p>
                    <p>
                      Limit {formatLimit(group.limit.amountPence)} per person
                      {group.scheme === 'investment' ? ' (investments)' : ''}
                      {group.limitUsedPercent === null ? '' : `, ${group.limitUsedPercent}% used`}.
                    </p>
                    <Accounts accounts={group.accounts} />
                    {group.sharedLimitReason ? <p>{group.sharedLimitReason}</p> : null}
                    {group.jointShares.map((s) => (
                      <p key={s}>{s}</p>
                    ))}
                    {group.temporaryHighBalance ? <p>{group.temporaryHighBalance.text}</p> : null}
                  </td>
                  <td className={money}>{formatPence(group.totalPence)}</td>
                  <td className={money}>{formatPence(group.coveredPence)}</td>
                  <td className={`${money} font-semibold`}>{formatPence(group.atRiskPence)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : null}

      {picture.outside.length > 0 ? (
        <>
          <h2 className="mt-4 text-base font-semibold">Outside the FSCS limits</h2>
          <table className="mt-1 w-full border-collapse">
            <thead>
              <tr>
                <th scope="col" className={`${cell} text-left`}>
                  Where and why
                </th>
                <th scope="col" className={heading}>
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              {picture.outside.map((group) => (
                <tr key={group.key} className="break-inside-avoid">
                  <td className={cell}>
                    <p className="font-semibold">
                      {outsideTitle(group)}: {group.status}
                    </p>
                    <p>{group.basis}</p>
                    <Accounts accounts={group.accounts} />
                    <p>{group.reason}</p>
                  </td>
                  <td className={money}>{formatPence(group.totalPence)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : null}
    </section>
  );
}
