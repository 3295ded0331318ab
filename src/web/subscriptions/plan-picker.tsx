import { Check, Info, X } from 'lucide-react';
import type { StoredTier } from '../../core/subscriptions/access.ts';
import { formatPence } from '../../core/money/format.ts';
import {
  type BillingCycle,
  PLANS,
  type PlanDetails,
  type Prices,
  annualSavingBadge,
  hasAllPrices,
} from '../../core/subscriptions/plans.ts';
import { Alert, AlertDescription, AlertTitle } from '../ui/alert.tsx';
import { Badge } from '../ui/badge.tsx';
import { Button } from '../ui/button.tsx';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../ui/card.tsx';
import { cn } from '../ui/cn.ts';
import { Skeleton } from '../ui/skeleton.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../ui/tabs.tsx';
import { usePrices } from './api.ts';

export type PlanChoice = { tier: StoredTier; cycle: BillingCycle };

function PlanCard({
  plan,
  prices,
  cycle,
  selected,
  onSelect,
}: {
  plan: PlanDetails;
  prices: Prices;
  cycle: BillingCycle;
  selected: boolean;
  onSelect: () => void;
}) {
  const price = cycle === 'monthly' ? prices[plan.tier].monthlyPrice : prices[plan.tier].yearlyPrice;
  const titleId = `plan-${plan.tier}-title`;
  return (
    <Card
      aria-labelledby={titleId}
      role="group"
      data-plan={plan.tier}
      className={cn('flex flex-col', selected && 'border-brand ring-2 ring-brand')}
    >
      <CardHeader className="items-start gap-2">
        <img src={plan.imagePath} alt="" width={56} height={56} className="size-14" />
        <CardTitle id={titleId} className="text-xl">
          {plan.name}
        </CardTitle>
        <CardDescription>{plan.description}</CardDescription>
        <p className="text-2xl font-semibold tabular-nums">
          {formatPence(price)}
          <span className="text-sm font-normal text-muted-foreground">{cycle === 'monthly' ? '/month' : '/year'}</span>
        </p>
      </CardHeader>
      <CardContent className="flex-1">
        <ul className="grid gap-2 text-sm">
          {plan.features.map((feature) => (
            <li
              key={feature.text}
              className={cn('flex items-start gap-2', !feature.included && 'text-muted-foreground')}
            >
              {feature.included ? (
                <Check className="mt-0.5 size-4 shrink-0 text-success" aria-label="Included" />
              ) : (
                <X className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-label="Not included" />
              )}
              <span>{feature.text}</span>
            </li>
          ))}
        </ul>
      </CardContent>
      <CardFooter>
        <Button
          type="button"
          className="w-full"
          variant={selected ? 'default' : 'outline'}
          aria-pressed={selected}
          onClick={onSelect}
        >
          {selected ? 'Selected' : 'Select Plan'}
        </Button>
      </CardFooter>
    </Card>
  );
}

function PlanSkeletons() {
  return (
    <div className="grid gap-4 md:grid-cols-3" role="status" aria-label="Loading plans and prices">
      {PLANS.map((plan) => (
        <div key={plan.tier} className="grid gap-3 rounded-xl border p-6">
          <Skeleton className="size-14 rounded-full" />
          <Skeleton className="h-6 w-24" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-8 w-32" />
          {plan.features.map((f) => (
            <Skeleton key={f.text} className="h-4 w-3/4" />
          ))}
          <Skeleton className="h-9 w-full" />
        </div>
      ))}
    </div>
  );
}

/**
 * The plan picker (001 §2): monthly and annual tabs, one card per plan, skeletons until every
 * plan has both prices, and the 'Subscription Information' alert on the default prices.
 */
export function PlanPicker({ choice, onChange }: { choice: PlanChoice; onChange: (choice: PlanChoice) => void }) {
  const prices = usePrices();
  const state = prices.data;
  const saving = state?.prices && hasAllPrices(state.prices) ? annualSavingBadge(state.prices as Prices) : null;
  const cards = (cycle: BillingCycle) =>
    state?.prices && hasAllPrices(state.prices) ? (
      <div className="grid gap-4 md:grid-cols-3">
        {PLANS.map((plan) => (
          <PlanCard
            key={plan.tier}
            plan={plan}
            prices={state.prices as Prices}
            cycle={cycle}
            selected={choice.tier === plan.tier}
            onSelect={() => onChange({ ...choice, tier: plan.tier })}
          />
        ))}
      </div>
    ) : (
      <PlanSkeletons />
    );
  return (
    <Tabs
      value={choice.cycle}
      onValueChange={(value) => onChange({ ...choice, cycle: value as BillingCycle })}
      className="grid gap-4"
    >
      <TabsList aria-label="Billing period">
        <TabsTrigger value="monthly">Monthly</TabsTrigger>
        <TabsTrigger value="annual">Annual {saving ? <Badge variant="success">{saving}</Badge> : null}</TabsTrigger>
      </TabsList>
      {state?.isDefault ? (
        <Alert variant="info">
          <Info aria-hidden />
          <AlertTitle>Subscription Information</AlertTitle>
          <AlertDescription>
            {state.message ??
              'These are our standard prices. The price you pay is confirmed at checkout, before you pay.'}
          </AlertDescription>
        </Alert>
      ) : null}
      <TabsContent value="monthly">{cards('monthly')}</TabsContent>
      <TabsContent value="annual">{cards('annual')}</TabsContent>
    </Tabs>
  );
}
