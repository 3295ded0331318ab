import { ArrowRight, Clock, Info, ListChecks, Play, ShieldCheck } from 'lucide-react';
import { useId } from 'react';
import { formatRate } from '../../core/accounts/interest-rate.ts';
import { formatPence } from '../../core/money/format.ts';
import { Alert, AlertDescription } from '../ui/alert.tsx';
import { Badge } from '../ui/badge.tsx';
import { Button } from '../ui/button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../ui/dialog.tsx';
import type { Recommendation } from './api.ts';
import { accountLabel, destinationLabel, PRIORITY_WORDS, TRANSFER_WORDS, TYPE_WORDS } from './smart-pig-words.ts';

/** SavvyPig shows options; the saver moves the money (002 §1). */
/** Under the See Steps title; the last step says that SavvyPig never moves money. */
export const STEPS_NOTE = 'These are the steps you take yourself, with your bank.';
export const NEVER_MOVES_NOTE = `SavvyPig never moves money. ${STEPS_NOTE}`;

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="font-medium tabular-nums">{children}</dd>
    </div>
  );
}

/** The See Steps dialog: the concrete steps, in order. */
function StepsDialog({ recommendation, title }: { recommendation: Recommendation; title: string }) {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button type="button" variant="outline">
          <ListChecks aria-hidden />
          See Steps
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{STEPS_NOTE}</DialogDescription>
        </DialogHeader>
        <ol className="grid list-decimal gap-2 pl-5 text-sm">
          {recommendation.steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
        <p className="flex gap-2 text-sm text-muted-foreground">
          <Clock className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>{recommendation.timeframe}</span>
        </p>
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button">Done</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** The move in a few words: 'Move £20,000.00 to Nationwide saver'. */
export function recommendationTitle(r: Recommendation): string {
  const amount = formatPence(r.amountPence);
  if (r.type === 'diversification') return `Spread up to ${amount} to another banking group`;
  return r.toAccount ? `Move ${amount} to ${r.toAccount.name}` : `Move ${amount} to a new account`;
}

/**
 * One recommendation with every field the spec lists (002 §3): priority, type, from → to, amount,
 * current and new rate, projected gain, explanation, risks, timeframe, Internal/External, and why
 * the amount was capped.
 */
export function RecommendationCard({
  recommendation: r,
  onTry,
}: {
  recommendation: Recommendation;
  /** Opens the simulator with this move filled in (moves between two of the saver's accounts). */
  onTry?: (r: Recommendation) => void;
}) {
  const headingId = useId();
  const priority = PRIORITY_WORDS[r.priority];
  const type = TYPE_WORDS[r.type];
  const title = recommendationTitle(r);
  return (
    <article aria-labelledby={headingId} className="grid content-start gap-4 rounded-xl border bg-card p-5 shadow-sm">
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant={priority.tone}>{priority.text}</Badge>
        <Badge variant="secondary">
          <type.icon aria-hidden />
          {type.text}
        </Badge>
        {r.transfer ? <Badge variant="outline">{TRANSFER_WORDS[r.transfer]} transfer</Badge> : null}
      </div>
      <div className="grid gap-1">
        <h3 id={headingId} className="text-lg leading-tight font-semibold break-words">
          {title}
        </h3>
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
          <span className="sr-only">From </span>
          <span className="break-words">
            {r.fromAccount ? accountLabel(r.fromAccount) : 'Your biggest banking group'}
          </span>
          <ArrowRight className="size-4 shrink-0" aria-label="to" />
          <span className="break-words">{destinationLabel(r)}</span>
        </p>
      </div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Fact label="Amount">{formatPence(r.amountPence)}</Fact>
        <Fact label="Current rate">{r.currentRateBps === null ? '—' : formatRate(r.currentRateBps)}</Fact>
        <Fact label="New rate">{r.newRateBps === null ? '—' : formatRate(r.newRateBps)}</Fact>
        <Fact label="Projected gain">
          <span className={r.projectedGainPence > 0 ? 'text-success' : undefined}>
            {formatPence(r.projectedGainPence)}
          </span>{' '}
          <span className="text-xs font-normal text-muted-foreground">a year</span>
        </Fact>
      </dl>
      <p className="text-sm">{r.explanation}</p>
      {r.risks.length > 0 ? (
        <div className="grid gap-1">
          <h4 className="text-sm font-medium">Risks</h4>
          <ul className="grid list-disc gap-1 pl-5 text-sm text-muted-foreground">
            {r.risks.map((risk) => (
              <li key={risk}>{risk}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <p className="flex gap-2 text-sm">
        <Clock className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
        <span>
          <span className="font-medium">Timeframe: </span>
          {r.timeframe}
        </span>
      </p>
      {r.availableCapacityPence !== null && r.toAccount && r.fromAccount?.licenceKey !== r.toAccount.licenceKey ? (
        <p className="flex gap-2 text-sm">
          <ShieldCheck className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
          <span>
            Room at {r.toAccount.licenceName} before this move: {formatPence(r.availableCapacityPence)}.
          </span>
        </p>
      ) : null}
      {r.capacityLimited && r.capacityReason ? (
        <Alert variant="info">
          <Info aria-hidden />
          <AlertDescription>
            <p>
              <span className="font-medium">Limited by room: </span>
              {r.capacityReason}
            </p>
          </AlertDescription>
        </Alert>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <StepsDialog recommendation={r} title={title} />
        {onTry && r.fromAccount && r.toAccount ? (
          <Button type="button" variant="ghost" onClick={() => onTry(r)}>
            <Play aria-hidden />
            Try it in the simulator
          </Button>
        ) : null}
      </div>
    </article>
  );
}
