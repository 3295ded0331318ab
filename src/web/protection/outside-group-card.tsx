import { CircleHelp, Landmark, ShieldCheck, TriangleAlert } from 'lucide-react';
import { formatPence } from '../../core/money/format.ts';
import { cn } from '../ui/cn.ts';
import type { OutsideGroup } from './api.ts';
import { AccountLines, GroupHeading } from './licence-group-card.tsx';
import type { StatusWords } from './hub-words.ts';

/** Money outside the FSCS limits in a few words: government backed, under another scheme, or not protected. */
export function statusOf(group: OutsideGroup): StatusWords {
  switch (group.bucket) {
    case 'government-backed':
      return { tone: 'success', icon: Landmark, text: group.status };
    case 'protected':
      return { tone: 'success', icon: ShieldCheck, text: group.status };
    case 'other-scheme':
      return { tone: 'info', icon: Landmark, text: group.status };
    case 'unknown':
      return { tone: 'warning', icon: CircleHelp, text: group.status };
    case 'unprotected':
      return {
        tone: group.kind === 'unverified' ? 'warning' : 'destructive',
        icon: TriangleAlert,
        text: group.status,
      };
  }
}

const AMOUNT_LABEL: Readonly<Record<OutsideGroup['bucket'], string>> = {
  'government-backed': 'Backed by the government',
  protected: 'Protected',
  'other-scheme': 'Under another scheme',
  unprotected: 'Not protected',
  unknown: 'Protection unknown',
};

/** The title of money outside the limits: its bank or provider, or what is not known. */
export function outsideTitle(group: Pick<OutsideGroup, 'kind' | 'unknownReason' | 'bankName' | 'status'>): string {
  if (group.kind !== 'unknown-bank') return group.bankName ?? group.status;
  if (group.unknownReason === 'isa-provider-missing') return 'ISA provider not chosen';
  if (group.unknownReason === 'pension-provider-missing') return 'Pension provider not chosen';
  if (group.unknownReason === 'bank-not-in-data') return 'Bank not in our data';
  return 'Bank not known';
}

/** The bank (or 'Bank not known'), what the money rests on and the firm behind it, and its state in words. */
export function OutsideGroupHeading({ id, group }: { id?: string; group: OutsideGroup }) {
  const firm = group.legalName && group.legalName !== group.bankName ? group.legalName : null;
  const subtitle = [group.basis, firm].filter(Boolean).join(' · ');
  return <GroupHeading id={id} title={outsideTitle(group)} subtitle={subtitle} status={statusOf(group)} />;
}

/**
 * Money at one bank (or of one kind) outside the FSCS per-firm limits: NS&I, a Crown Dependency,
 * an unknown bank… with why, in words.
 */
export function OutsideGroupCard({ group }: { group: OutsideGroup }) {
  const status = statusOf(group);
  const headingId = `outside-${group.key.replace(/[^a-z0-9]+/gi, '-')}`;
  return (
    <article aria-labelledby={headingId} className="grid content-start gap-4 rounded-xl border bg-card p-5 shadow-sm">
      <OutsideGroupHeading id={headingId} group={group} />
      <AccountLines accounts={group.accounts} />
      <dl className="grid gap-1.5 border-t pt-3">
        <div className="flex items-baseline justify-between gap-3">
          <dt className={cn('text-sm', status.tone === 'success' ? 'text-success' : 'text-muted-foreground')}>
            {AMOUNT_LABEL[group.bucket]}
          </dt>
          <dd className={cn('font-semibold tabular-nums', group.bucket === 'unprotected' && 'text-destructive')}>
            {formatPence(group.totalPence)}
          </dd>
        </div>
      </dl>
      <p className="text-sm">{group.reason}</p>
      {group.jointShares.map((sentence) => (
        <p key={sentence} className="text-sm text-muted-foreground">
          {sentence}
        </p>
      ))}
    </article>
  );
}
