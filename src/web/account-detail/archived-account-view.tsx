import { Archive } from 'lucide-react';
import { Link } from 'react-router';
import { calendarDateInLondon } from '../../core/dates/calendar-date.ts';
import { formatPence } from '../../core/money/format.ts';
import { refusalReason } from '../app/api.ts';
import { notify } from '../app/notify.ts';
import { paths } from '../app/paths.ts';
import { type ArchivedAccount, useRestoreAccount } from '../subscriptions/downgrade-api.ts';
import { Button } from '../ui/button.tsx';
import { displayDate } from '../ui/date-format.ts';

/**
 * An archived account's own link (a bookmark, an older e-mail) says the account is archived, not
 * missing, and how to bring it back: Restore here (refused with the account cap's message when the
 * plan has no room), or from Archived accounts on the Accounts page.
 */
export function ArchivedAccountView({ account }: { account: ArchivedAccount }) {
  const restore = useRestoreAccount();
  const archivedOn = displayDate(calendarDateInLondon(new Date(account.archivedAt)));
  return (
    <section aria-labelledby="archived-heading" className="grid gap-3 rounded-xl border bg-card p-8 text-center">
      <Archive aria-hidden className="mx-auto size-8 text-muted-foreground" />
      <h1 id="archived-heading" className="text-2xl font-semibold">
        {account.name} is archived
      </h1>
      <p className="text-muted-foreground">
        It was archived on {archivedOn}, when you moved to a smaller plan, with {formatPence(account.balancePence)} in
        it. It is kept with its transactions and standing orders, and left out of your totals and alerts until you
        restore it. Restore it here or from Archived accounts on your Accounts page; if your plan has no room for it,
        upgrade first.
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button
          type="button"
          disabled={restore.isPending}
          onClick={() =>
            restore.mutate(account.id, {
              onSuccess: () => notify.success(`${account.name} restored`),
              onError: (error) => notify.error(refusalReason(error) ?? 'Failed to restore the account'),
            })
          }
        >
          Restore {account.name}
        </Button>
        <Button asChild variant="outline">
          <Link to={paths.subscribe()}>See the plans</Link>
        </Button>
      </div>
    </section>
  );
}
