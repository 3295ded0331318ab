import { TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { type AccountCap, accountLimitMessage } from '../../core/accounts/account-cap.ts';
import { paths } from '../app/paths.ts';
import { Alert, AlertDescription, AlertTitle } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';

/**
 * Shown at the top of the add form in place of the fields once the account cap is reached (issue
 * 25): the saver learns before typing anything that the account cannot be added, which plan allows
 * more, and where to go; an admin-set cap points to us instead of a plan.
 */
export function AccountCapNotice({ cap }: { cap: AccountCap }) {
  const nextTier = cap.tier === 'piglet' ? 'boar' : 'bigpig';
  return (
    <Alert variant="info">
      <TriangleAlert aria-hidden />
      <AlertTitle>You can’t add another account</AlertTitle>
      <AlertDescription className="grid gap-3">
        <p>{accountLimitMessage(cap)}</p>
        <div className="flex flex-wrap gap-2">
          {cap.source === 'admin' ? (
            <Button asChild size="sm">
              <Link to={paths.contact()}>Contact us</Link>
            </Button>
          ) : (
            <Button asChild size="sm">
              <Link to={paths.subscribe({ tier: nextTier })}>See the plans</Link>
            </Button>
          )}
          <Button asChild size="sm" variant="outline">
            <Link to={paths.accounts()}>Your accounts</Link>
          </Button>
        </div>
      </AlertDescription>
    </Alert>
  );
}
