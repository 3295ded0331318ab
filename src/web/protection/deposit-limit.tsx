import { format, parseISO, subDays } from 'date-fns';
import { enGB } from 'date-fns/locale';
import { formatPence } from '../../core/money/format.ts';
import { DEPOSIT_LIMITS, depositLimitOn, jointAccountCoverPence } from '../../core/protection/limits.ts';
import { useProtectionLimits } from './use-protection-limits.ts';

const longDate = (isoDate: string) => format(parseISO(isoDate), 'd MMMM yyyy', { locale: enGB });

/**
 * Today's deposit limit as the screens word it, read from the one source of limits (server,
 * with any admin override; core's dated law until it answers). Never a literal figure.
 */
export function useDepositLimitFacts() {
  const { limits } = useProtectionLimits();
  const limit = limits.deposit;
  const law = depositLimitOn(limits.date);
  const index = DEPOSIT_LIMITS.findIndex((row) => row.effectiveFrom === limit.effectiveFrom);
  const previous = index > 0 ? DEPOSIT_LIMITS[index - 1]! : null;
  return {
    amountPence: limit.amountPence,
    /** `£120,000` */
    amount: formatPence(limit.amountPence, { wholePounds: true }),
    /** `1 December 2025` */
    since: longDate(limit.effectiveFrom),
    isOverride: limit.isOverride,
    /** The law's figure, for saying what an override replaces. */
    lawAmount: formatPence(law.amountPence, { wholePounds: true }),
    previous: previous
      ? {
          amount: formatPence(previous.amountPence, { wholePounds: true }),
          until: longDate(format(subDays(parseISO(limit.effectiveFrom), 1), 'yyyy-MM-dd')),
        }
      : null,
    jointCover: (holders: number) => formatPence(jointAccountCoverPence(limit, holders), { wholePounds: true }),
  };
}

/** Says plainly that the figure shown is an admin's override, wherever a limit is shown. */
export function DepositLimitOverrideNote({ className }: { className?: string }) {
  const facts = useDepositLimitFacts();
  if (!facts.isOverride) return null;
  return <span className={className}> (a limit set by SavvyPig in place of the legal {facts.lawAmount})</span>;
}
