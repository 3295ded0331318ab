/**
 * The account page's Protection card (issue 14): the licence the account's money counts under,
 * the saver's other accounts sharing it, that licence's total against its limit, covered and at
 * risk, joint shares in words and a temporary high balance's window; or, for money outside the
 * FSCS limits, why (NS&I: backed by HM Treasury; an unknown bank: what to do). The Protection
 * Hub's own pieces and words, from the same picture.
 */
import { ArrowRight, CircleHelp } from 'lucide-react';
import { Link } from 'react-router';
import { isRegistered, paths } from '../app/paths.ts';
import { licenceLine, licenceStatus } from '../protection/hub-words.ts';
import {
  AccountLines,
  Figure,
  GroupHeading,
  JointShareLines,
  LimitBar,
  limitSentence,
  SharedLimitReason,
  TemporaryHighBalanceNote,
} from '../protection/licence-group-card.tsx';
import { OutsideGroupHeading } from '../protection/outside-group-card.tsx';
import type { Account, AccountDetail } from './api.ts';
import { DetailCard } from './detail-card.tsx';

type LicenceGroup = NonNullable<AccountDetail['protection']['licence']>;
type OutsideGroup = NonNullable<AccountDetail['protection']['outside']>;

function LicenceView({ account, licence }: { account: Account; licence: LicenceGroup }) {
  const others = licence.accounts.filter((line) => line.id !== account.id);
  const hasJoint = licence.jointShares.length > 0;
  return (
    <div className="grid gap-6 lg:grid-cols-2 lg:gap-8">
      <div className="grid min-w-0 content-start gap-4">
        <GroupHeading title={licence.name} subtitle={licenceLine(licence)} status={licenceStatus(licence)} />
        <div className="grid gap-2">
          <h4 className="text-sm font-medium">Your other accounts under this licence</h4>
          {others.length > 0 ? (
            <AccountLines accounts={others} />
          ) : (
            <p className="text-sm text-muted-foreground">None: only this account of yours counts against this limit.</p>
          )}
        </div>
        <SharedLimitReason reason={licence.sharedLimitReason} />
        <JointShareLines sentences={licence.jointShares} />
      </div>
      <div className="grid min-w-0 content-start gap-4">
        <dl className="grid gap-1.5">
          <Figure
            label={hasJoint ? 'Total under this licence (your share of joint accounts)' : 'Total under this licence'}
            pence={licence.totalPence}
          />
          <Figure label="Covered" pence={licence.coveredPence} tone="success" />
          <Figure
            label="At risk"
            pence={licence.atRiskPence}
            tone={licence.atRiskPence > 0 ? 'destructive' : undefined}
          />
        </dl>
        <div className="grid gap-1.5">
          <LimitBar group={licence} />
          <p className="text-sm text-muted-foreground">{limitSentence(licence)}</p>
        </div>
        {licence.temporaryHighBalance ? <TemporaryHighBalanceNote thb={licence.temporaryHighBalance} /> : null}
      </div>
    </div>
  );
}

/** What the saver can do when the bank holding the money is not known. */
function UnknownBankAdvice({ account, group }: { account: Account; group: OutsideGroup }) {
  const card =
    group.unknownReason === 'isa-provider-missing'
      ? 'ISA Details'
      : group.unknownReason === 'pension-provider-missing'
        ? 'Pension Details'
        : null;
  if (card)
    return (
      <p className="flex gap-2 text-sm">
        <CircleHelp className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden />
        <span>Choose the provider in the {card} card on this page, and this card shows what protects the money.</span>
      </p>
    );
  const platform = group.unknownReason === 'platform-bank-missing';
  const withdrawn = group.unknownReason === 'bank-not-in-data';
  return (
    <p className="flex gap-2 text-sm">
      <CircleHelp className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden />
      <span>
        {withdrawn
          ? `${account.bank ?? 'This account’s bank'} is not in our data any more. Choose it again in Basic Information above (or the provider in the ISA or Pension Details card) once it is back, and the card shows which limit covers the money. `
          : platform
            ? 'Choose the bank that holds the deposits in Basic Information above, and the card shows which limit covers them. '
            : 'Choose the bank or provider in Basic Information above, and the card shows which limit covers the money. '}
        <Link to={paths.accountEdit(account.id)} className="font-medium underline underline-offset-4">
          Or edit the account
        </Link>
        .
      </span>
    </p>
  );
}

function OutsideView({ account, group }: { account: Account; group: OutsideGroup }) {
  return (
    <div className="grid gap-4">
      <OutsideGroupHeading group={group} />
      <p className="text-sm">{group.reason}</p>
      {group.kind === 'unknown-bank' ? <UnknownBankAdvice account={account} group={group} /> : null}
      <JointShareLines sentences={group.jointShares} />
    </div>
  );
}

/** The Protection card: where the account's money stands, and a way to the Protection Hub. */
export function ProtectionCard({ account, protection }: { account: Account; protection: AccountDetail['protection'] }) {
  return (
    <DetailCard
      title="Protection"
      description="The FSCS limit is per person and per banking licence: every account of yours under one licence shares it."
    >
      {protection.licence ? (
        <LicenceView account={account} licence={protection.licence} />
      ) : protection.outside ? (
        <OutsideView account={account} group={protection.outside} />
      ) : (
        <p className="text-sm">This money is protected in full outside the FSCS per-licence limits.</p>
      )}
      {isRegistered('protection') ? (
        <Link
          to={paths.protection()}
          className="inline-flex items-center gap-1.5 justify-self-start text-sm font-medium underline underline-offset-4"
        >
          See all your money’s protection in the Protection Hub
          <ArrowRight className="size-4" aria-hidden />
        </Link>
      ) : null}
    </DetailCard>
  );
}
