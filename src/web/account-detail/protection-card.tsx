/**
 * The account page's Protection card (issue 14): the licence the account's money counts under,
 * the saver's other accounts sharing it, that licence's total against its limit, covered and at
 * risk, joint shares in words and a temporary high balance's window; or, for money outside the
 * FSCS limits, why (NS&I: backed by HM Treasury; an unknown bank: what to do). The Protection
 * Hub's own pieces and words, from the same picture.
 */
import { ArrowRight, CircleHelp, Info, Users } from 'lucide-react';
import { Link } from 'react-router';
import { isRegistered, paths } from '../app/paths.ts';
import { licenceStatus } from '../protection/hub-words.ts';
import {
  AccountLines,
  Figure,
  LimitBar,
  limitSentence,
  TemporaryHighBalanceNote,
} from '../protection/licence-group-card.tsx';
import { statusOf } from '../protection/outside-group-card.tsx';
import { licenceLine } from '../accounts/shared-licence-summary.tsx';
import { Badge } from '../ui/badge.tsx';
import type { Account, AccountDetail } from './api.ts';
import { DetailCard } from './detail-card.tsx';

type LicenceGroup = NonNullable<AccountDetail['protection']['licence']>;
type OutsideGroup = NonNullable<AccountDetail['protection']['outside']>;

function LicenceView({ account, licence }: { account: Account; licence: LicenceGroup }) {
  const status = licenceStatus(licence);
  const others = licence.accounts.filter((line) => line.id !== account.id);
  const hasJoint = licence.jointShares.length > 0;
  return (
    <div className="grid gap-6 lg:grid-cols-2 lg:gap-8">
      <div className="grid min-w-0 content-start gap-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h3 className="text-base leading-tight font-semibold break-words">{licence.name}</h3>
            <p className="mt-0.5 text-sm text-muted-foreground">{licenceLine(licence)}</p>
          </div>
          <Badge variant={status.tone} className="text-sm">
            <status.icon className="size-3.5!" aria-hidden />
            {status.text}
          </Badge>
        </div>
        <div className="grid gap-2">
          <h4 className="text-sm font-medium">Your other accounts under this licence</h4>
          {others.length > 0 ? (
            <AccountLines accounts={others} />
          ) : (
            <p className="text-sm text-muted-foreground">None: only this account of yours counts against this limit.</p>
          )}
        </div>
        {licence.sharedLimitReason ? (
          <p className="flex gap-2 text-sm">
            <Info className="mt-0.5 size-4 shrink-0 text-info" aria-hidden />
            <span>
              <span className="font-medium">Why one limit? </span>
              {licence.sharedLimitReason}
            </span>
          </p>
        ) : null}
        {licence.jointShares.map((sentence) => (
          <p key={sentence} className="flex gap-2 text-sm">
            <Users className="mt-0.5 size-4 shrink-0 text-info" aria-hidden />
            <span>{sentence}</span>
          </p>
        ))}
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
  const platform = group.key.endsWith('platform-bank-missing');
  return (
    <p className="flex gap-2 text-sm">
      <CircleHelp className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden />
      <span>
        {platform
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
  const status = statusOf(group);
  const title = group.kind === 'unknown-bank' ? 'Bank not known' : (group.bankName ?? group.status);
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="text-base leading-tight font-semibold break-words">{title}</h3>
          {group.legalName && group.legalName !== group.bankName ? (
            <p className="mt-0.5 text-sm text-muted-foreground">{group.legalName}</p>
          ) : null}
        </div>
        <Badge variant={status.tone} className="text-sm">
          <status.icon className="size-3.5!" aria-hidden />
          {status.text}
        </Badge>
      </div>
      <p className="text-sm">{group.reason}</p>
      {group.kind === 'unknown-bank' ? <UnknownBankAdvice account={account} group={group} /> : null}
      {group.jointShares.map((sentence) => (
        <p key={sentence} className="flex gap-2 text-sm text-muted-foreground">
          <Users className="mt-0.5 size-4 shrink-0 text-info" aria-hidden />
          <span>{sentence}</span>
        </p>
      ))}
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
