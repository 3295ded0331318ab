import { Link2, PiggyBank } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert, AlertTitle } from '../ui/alert.tsx';
import { Badge } from '../ui/badge.tsx';
import { Button } from '../ui/button.tsx';
import { Card, CardContent, CardHeader } from '../ui/card.tsx';
import { copyCalculatorLink } from './copy-link.ts';

/** '2 years and 3 months' for a count of months. */
export function monthsText(months: number): string {
  const years = Math.floor(months / 12);
  const rest = months % 12;
  const parts = [
    years ? `${years} year${years === 1 ? '' : 's'}` : '',
    rest ? `${rest} month${rest === 1 ? '' : 's'}` : '',
  ];
  return parts.filter(Boolean).join(' and ') || '0 months';
}

/** What a calculator shows while a field is wrong: the messages are under the fields. */
export function FixTheFigures({ children }: { children: string }) {
  return (
    <Alert variant="info" role="status">
      <PiggyBank aria-hidden />
      <AlertTitle>{children}</AlertTitle>
    </Alert>
  );
}

/**
 * A public calculator's page: its title and what it does, the inputs in a card beside the result
 * (stacked on a phone), and a button that copies the address holding the calculation.
 */
export function CalculatorLayout({
  id,
  title,
  intro,
  inputsTitle,
  resultTitle,
  columns,
  inputs,
  result,
}: {
  id: string;
  title: string;
  intro: string;
  inputsTitle: string;
  resultTitle: string;
  /** The grid's columns from 1024 px. */
  columns: string;
  inputs: ReactNode;
  result: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 md:py-14">
      <Badge variant="brand">Free · no sign-up needed</Badge>
      <h1 className="mt-3 text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
      <p className="mt-3 max-w-3xl text-muted-foreground">{intro}</p>

      <div className={`mt-8 grid gap-8 lg:items-start ${columns}`}>
        <section aria-labelledby={`${id}-inputs-heading`} className="min-w-0">
          <Card>
            <CardHeader>
              <h2 id={`${id}-inputs-heading`} className="text-lg font-semibold">
                {inputsTitle}
              </h2>
            </CardHeader>
            <CardContent className="grid gap-5">{inputs}</CardContent>
          </Card>
        </section>

        <section aria-labelledby={`${id}-result-heading`} className="grid min-w-0 gap-5">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id={`${id}-result-heading`} className="text-2xl font-bold tracking-tight">
              {resultTitle}
            </h2>
            <Button variant="outline" onClick={() => void copyCalculatorLink()}>
              <Link2 aria-hidden />
              Copy link
            </Button>
          </div>
          {result}
        </section>
      </div>
    </div>
  );
}
