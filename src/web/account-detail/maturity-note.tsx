/**
 * A fixed-term account's maturity on its page (issue 24), under the summary cards: the date typed
 * on its fixed-term term, else its opening date plus its term (core's `maturityDate`, the rule the
 * dashboard's "coming up" reads too). Nothing for an account that does not mature, or while its
 * terms load.
 */
import { CalendarClock } from 'lucide-react';
import type { TermLengthUnit } from '../../core/accounts/account-schema.ts';
import { calendarDateInLondon } from '../../core/dates/calendar-date.ts';
import { maturityDate, maturityWords } from '../../core/terms/maturity.ts';
import { Alert, AlertDescription, AlertTitle } from '../ui/alert.tsx';
import type { Account } from './api.ts';
import { useTerms } from './terms-api.ts';

export type MaturityAccount = Pick<Account, 'id' | 'accountType' | 'dateOpened' | 'termLengthValue' | 'termLengthUnit'>;

export function MaturityNote({ account, today }: { account: MaturityAccount; today?: string }) {
  const terms = useTerms(account.id);
  if (!terms.data) return null;
  const typed = terms.data
    .filter((t) => t.termType === 'fixed_term' && typeof t.inputs.termEndDate === 'string')
    .map((t) => t.inputs.termEndDate as string)
    .sort()
    .at(-1);
  const maturesOn = maturityDate({
    accountType: account.accountType,
    dateOpened: account.dateOpened,
    termLengthValue: account.termLengthValue,
    termLengthUnit: account.termLengthUnit as TermLengthUnit | null,
    fixedTermEndsOn: typed ?? null,
  });
  if (maturesOn === null) return null;
  return (
    <Alert variant="info" data-testid="maturity-note">
      <CalendarClock aria-hidden />
      <AlertTitle>{maturityWords(maturesOn, today ?? calendarDateInLondon(new Date()))}</AlertTitle>
      <AlertDescription>
        {typed ? 'The end date in its fixed-term terms.' : 'Its opening date plus its term.'}
      </AlertDescription>
    </Alert>
  );
}
