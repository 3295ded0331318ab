import { Calculator } from 'lucide-react';
import { Link } from 'react-router';
import { earnsCashInterest } from '../../core/accounts/cash-interest.ts';
import {
  type CalculatorAccount,
  savingsFormFromAccount,
  savingsFormParams,
} from '../../core/calculators/savings-form.ts';
import { isRegistered, paths } from '../app/paths.ts';
import { Button } from '../ui/button.tsx';

/**
 * The savings calculator started from one of the saver's own accounts (issue 29): its balance,
 * rate and how it pays go in the link's address; nothing is sent anywhere else.
 */
export function SavingsCalculatorLink({ account }: { account: CalculatorAccount & { accountType: string } }) {
  if (!isRegistered('featureSavingsCalculator') || !earnsCashInterest(account.accountType)) return null;
  const query = savingsFormParams(savingsFormFromAccount(account)).toString();
  return (
    <p>
      <Button asChild variant="outline">
        <Link to={`${paths.featureSavingsCalculator()}?${query}`}>
          <Calculator aria-hidden />
          See how this account grows
        </Link>
      </Button>
    </p>
  );
}
