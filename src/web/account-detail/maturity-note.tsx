/**
 * A fixed-term account's maturity on its page (issue 24), under the summary cards: the date typed
 * on its fixed-term term, else its opening date plus its term (core's `maturityDate`, the rule the
 * dashboard's "coming up" reads too). Nothing for an account that does not mature, or while its
 * terms load.
 */
import { Calculator, CalendarClock } from 'lucide-react';
import { Link } from 'react-router';
import type { TermLengthUnit } from '../../core/accounts/account-schema.ts';
import { calendarDateInLondon } from '../../core/dates/calendar-date.ts';
import { maturityDate, maturityWords } from '../../core/terms/maturity.ts';
import {
  type FixedTermInputs,
  type MaturityAccount as CalculatorAccount,
  maturityCalculatorHref,
} from '../calculators/prefill.ts';
import { Alert, AlertDescription, AlertTitle } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import type { Account } from './api.ts';
import { useTerms } from './terms-api.ts';

export type MaturityAccount = Pick<
  Account,
  'id' | 'accountType' | 'dateOpened' | 'termLengthValue' | 'termLengthUnit'
> &
  Partial<CalculatorAccount>;

export function MaturityNote({ account, today }: { account: MaturityAccount; today?: string }) {
  const terms = useTerms(account.id);
  if (!terms.data) return null;
  const fixedTerms = terms.data
    .filter((t) => t.termType === 'fixed_term' && typeof t.inputs.termEndDate === 'string')
    .sort((a, b) => String(a.inputs.termEndDate).localeCompare(String(b.inputs.termEndDate)));
  const typed = fixedTerms.at(-1)?.inputs.termEndDate as string | undefined;
  const maturesOn = maturityDate({
    accountType: account.accountType,
    dateOpened: account.dateOpened,
    termLengthValue: account.termLengthValue,
    termLengthUnit: account.termLengthUnit as TermLengthUnit | null,
    fixedTermEndsOn: typed ?? null,
  });
  if (maturesOn === null) return null;
  const day = today ?? calendarDateInLondon(new Date());
  // The maturity calculator (issue 29), with this account's terms; a plan without it is offered the upgrade there.
  const calculator =
    'balancePence' in account && account.balancePence !== undefined
      ? maturityCalculatorHref(
          account as CalculatorAccount,
          (fixedTerms.at(-1)?.inputs ?? null) as FixedTermInputs | null,
          day,
        )
      : null;
  return (
    <Alert variant="info" data-testid="maturity-note">
      <CalendarClock aria-hidden />
      <AlertTitle>{maturityWords(maturesOn, day)}</AlertTitle>
      <AlertDescription>
        <p>{typed ? 'The end date in its fixed-term terms.' : 'Its opening date plus its term.'}</p>
        {calculator ? (
          <Button asChild variant="outline" size="sm" className="mt-2">
            <Link to={calculator}>
              <Calculator aria-hidden />
              What it pays at maturity
            </Link>
          </Button>
        ) : null}
      </AlertDescription>
    </Alert>
  );
}
