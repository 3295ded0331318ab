import { PartyPopper, Plus, Printer, ShieldCheck } from 'lucide-react';
import { useRef } from 'react';
import { Link } from 'react-router';
import { formatLimit } from '../../core/checker/text.ts';
import { SMART_PIG_TEXTS } from '../../core/smart-pig/constants.ts';
import { hasStatus } from '../app/api.ts';
import { isRegistered, paths } from '../app/paths.ts';
import { longDate } from '../protection/hub-words.ts';
import { Button } from '../ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/card.tsx';
import { NeedsBigPig } from '../ui/needs-big-pig.tsx';
import { SectionLoadError, SectionSkeleton } from '../ui/section-states.tsx';
import { type Recommendation, type SmartPig, useSmartPig } from './api.ts';
import { MetricCards } from './metric-cards.tsx';
import { PreferencesPanel } from './preferences-panel.tsx';
import { PrintChecklist } from './print-checklist.tsx';
import { NEVER_MOVES_NOTE, RecommendationCard } from './recommendation-card.tsx';
import { type SimulatorHandle, WhatIfSimulator } from './what-if-simulator.tsx';

function NoAccounts() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>No accounts yet</CardTitle>
        <CardDescription>
          Add the accounts you hold and Smart Pig suggests where your money is better protected or earns more.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild>
          <Link to={paths.accountNew()}>
            <Plus aria-hidden />
            Add an account
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}

function WellPlaced() {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <PartyPopper className="size-5 text-success" aria-hidden />
          Your money is well placed
        </CardTitle>
        <CardDescription>
          Nothing to move: with your preferences, none of your money is over a limit and no account you hold pays enough
          more to be worth a move. Smart Pig looks again whenever your accounts change.
        </CardDescription>
      </CardHeader>
    </Card>
  );
}

function Recommendations({ smartPig, onTry }: { smartPig: SmartPig; onTry: (r: Recommendation) => void }) {
  const { recommendations } = smartPig;
  return (
    <section aria-labelledby="recommendations-heading" className="grid gap-3">
      <h2 id="recommendations-heading" className="text-xl font-semibold">
        Recommendations
      </h2>
      <p className="text-sm text-muted-foreground">
        The FSCS limit on {longDate(smartPig.date)} is {formatLimit(smartPig.limitPence)} per person per banking
        licence. Each suggestion is safe on its own, in any order. {NEVER_MOVES_NOTE}
      </p>
      {recommendations.length === 0 ? (
        <WellPlaced />
      ) : (
        <div className="grid gap-4">
          {recommendations.map((r) => (
            <RecommendationCard key={r.id} recommendation={r} onTry={onTry} />
          ))}
        </div>
      )}
    </section>
  );
}

function SmartPigContent({ smartPig }: { smartPig: SmartPig }) {
  const simulator = useRef<SimulatorHandle>(null);
  if (smartPig.accounts.length === 0) return <NoAccounts />;
  const tryMove = (r: Recommendation) =>
    simulator.current?.fill({
      accountId: r.toAccount!.id,
      fromAccountId: r.fromAccount!.id,
      amountPence: r.amountPence,
    });
  return (
    <>
      <MetricCards metrics={smartPig.metrics} />
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
        <div className="grid min-w-0 gap-8">
          <Recommendations smartPig={smartPig} onTry={tryMove} />
          <WhatIfSimulator ref={simulator} accounts={smartPig.accounts} />
        </div>
        <PreferencesPanel saved={smartPig.preferences} />
      </div>
    </>
  );
}

/**
 * Smart Pig (002 §2–§5, issue 16): the metric cards first, then the recommendations with their
 * steps, the what-if simulator and the preferences; a printable checklist. SavvyPig never moves money.
 */
export function SmartPigPage() {
  const query = useSmartPig();
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-8 px-4 py-8 sm:px-6 print:block print:max-w-none print:p-0">
      <div className="grid gap-8 print:hidden">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div className="grid gap-1">
            <h1 className="text-3xl font-semibold tracking-tight">Smart Pig</h1>
            <p className="text-muted-foreground">Ways to keep your money protected and earning more.</p>
          </div>
          <div className="flex flex-wrap gap-2">
            {query.data && query.data.accounts.length > 0 ? (
              <Button type="button" variant="outline" onClick={() => window.print()}>
                <Printer aria-hidden />
                Print checklist
              </Button>
            ) : null}
            {isRegistered('protection') ? (
              <Button asChild variant="outline">
                <Link to={paths.protection()}>
                  <ShieldCheck aria-hidden />
                  Protection Hub
                </Link>
              </Button>
            ) : null}
          </div>
        </div>
        {query.isPending ? (
          <SectionSkeleton rows={6} label="Loading your recommendations" />
        ) : query.isError ? (
          hasStatus(query.error, 403) ? (
            <NeedsBigPig message={query.error.message} />
          ) : (
            <SectionLoadError
              message={SMART_PIG_TEXTS.generateFailed}
              onRetry={() => void query.refetch()}
              retrying={query.isFetching}
            />
          )
        ) : (
          <SmartPigContent smartPig={query.data} />
        )}
      </div>
      {query.data && query.data.accounts.length > 0 ? <PrintChecklist smartPig={query.data} /> : null}
    </div>
  );
}
