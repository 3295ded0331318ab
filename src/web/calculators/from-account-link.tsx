import { ArrowLeftRight, Calculator } from 'lucide-react';
import { Link } from 'react-router';
import { earnsCashInterest } from '../../core/accounts/cash-interest.ts';
import {
  type CalculatorAccount,
  savingsFormFromAccount,
  savingsFormParams,
} from '../../core/calculators/savings-form.ts';
import { compareFormFromAccount, compareFormParams } from '../../core/calculators/compare-form.ts';
import { isRegistered, paths } from '../app/paths.ts';
import { Button } from '../ui/button.tsx';

/**
 * The savings and interest calculators started from one of the saver's own accounts (issue 29):
 * its balance, rate and how it pays go in the links' addresses; nothing is sent anywhere else.
 */
export function SavingsCalculatorLink({
  account,
}: {
  account: CalculatorAccount & { accountType: string; name: string };
}) {
  if (!earnsCashInterest(account.accountType)) return null;
  const savings = isRegistered('featureSavingsCalculator');
  const compare = isRegistered('featureInterestCalculator');
  if (!savings && !compare) return null;
  return (
    <p className="flex flex-wrap gap-2">
      {savings ? (
        <Button asChild variant="outline">
          <Link to={`${paths.featureSavingsCalculator()}?${savingsFormParams(savingsFormFromAccount(account))}`}>
            <Calculator aria-hidden />
            See how this account grows
          </Link>
        </Button>
      ) : null}
      {compare ? (
        <Button asChild variant="outline">
          <Link to={`${paths.featureInterestCalculator()}?${compareFormParams(compareFormFromAccount(account))}`}>
            <ArrowLeftRight aria-hidden />
            Compare it with another rate
          </Link>
        </Button>
      ) : null}
    </p>
  );
}
