import { Badge } from '../ui/badge.tsx';
import { cn } from '../ui/cn.ts';
import { licenceLine, licenceStatus } from '../protection/hub-words.ts';
import { Figure, LimitBar, limitSentence, SharedLimitReason } from '../protection/licence-group-card.tsx';
import type { SharedLicence } from './account-groups.ts';

/**
 * The head of a group of accounts sharing one licence: its name and brands, its state, total and
 * covered, the bar against its limit, and why they share it. The amount at risk is said here
 * once (in the state), never on the rows beneath.
 */
export function SharedLicenceSummary({
  licence,
  headingId,
  heading: Heading = 'p',
  className,
}: {
  licence: SharedLicence;
  headingId: string;
  /** 'h2' where the group is a section of the page (phones); the table's row-group header is a cell. */
  heading?: 'h2' | 'p';
  className?: string;
}) {
  const status = licenceStatus(licence);
  return (
    <div className={cn('grid gap-3 lg:grid-cols-[minmax(0,1fr)_minmax(16rem,22rem)] lg:gap-x-8', className)}>
      <div className="grid min-w-0 content-start gap-1.5">
        <Heading id={headingId} className="text-base leading-tight font-semibold break-words">
          {licence.name}
        </Heading>
        <p className="text-xs text-muted-foreground">{licenceLine(licence)}</p>
        {licence.sharedLimitReason ? (
          <SharedLimitReason reason={licence.sharedLimitReason} />
        ) : (
          <p className="text-sm">These accounts share one limit: the FSCS counts your money here together.</p>
        )}
      </div>
      <div className="grid content-start gap-2">
        <Badge variant={status.tone} className="text-sm">
          <status.icon className="size-3.5!" aria-hidden />
          {status.text}
        </Badge>
        <dl className="grid gap-1">
          <Figure label="Total here" pence={licence.totalPence} />
          <Figure label="Covered" pence={licence.coveredPence} tone="success" />
        </dl>
        <LimitBar group={licence} />
        <p className="text-xs text-muted-foreground">{limitSentence(licence)}</p>
      </div>
    </div>
  );
}
