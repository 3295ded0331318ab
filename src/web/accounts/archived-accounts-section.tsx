import { Archive, ChevronDown } from 'lucide-react';
import { formatPence } from '../../core/money/format.ts';
import { refusalReason } from '../app/api.ts';
import { notify } from '../app/notify.ts';
import { Button } from '../ui/button.tsx';
import { displayDate } from '../ui/date-format.ts';
import { calendarDateInLondon } from '../../core/dates/calendar-date.ts';
import { useArchivedAccounts, useRestoreAccount } from '../subscriptions/downgrade-api.ts';

/**
 * The accounts a downgrade archived (issue 17): collapsed under the list, each with Restore (the
 * account cap's message when the plan has no room). Nothing shows when none are archived.
 */
export function ArchivedAccountsSection() {
  const archived = useArchivedAccounts();
  const restore = useRestoreAccount();
  const accounts = archived.data?.accounts ?? [];
  if (accounts.length === 0) return null;
  return (
    <details className="group rounded-lg border bg-card" data-testid="archived-accounts">
      <summary className="flex cursor-pointer list-none items-center gap-2 px-4 py-3 font-medium">
        <Archive aria-hidden className="size-4" />
        Archived accounts ({accounts.length})
        <ChevronDown aria-hidden className="ml-auto size-4 transition-transform group-open:rotate-180" />
      </summary>
      <div className="grid gap-3 border-t px-4 py-3">
        <p className="text-sm text-muted-foreground">
          Archived when you moved to a smaller plan. They are kept with their transactions and standing orders, left out
          of your totals and alerts, and come back when you upgrade.
        </p>
        <ul className="grid gap-2">
          {accounts.map((account) => (
            <li key={account.id} className="flex flex-wrap items-center gap-3 rounded-md border p-3">
              <span className="grid min-w-0 flex-1">
                <span className="truncate font-medium">{account.name}</span>
                <span className="text-xs text-muted-foreground">
                  {formatPence(account.balancePence)} · archived{' '}
                  {displayDate(calendarDateInLondon(new Date(account.archivedAt)))}
                </span>
              </span>
              <Button
                size="sm"
                variant="outline"
                disabled={restore.isPending}
                aria-label={`Restore ${account.name}`}
                onClick={() =>
                  restore.mutate(account.id, {
                    onSuccess: () => notify.success(`${account.name} restored`),
                    onError: (error) => notify.error(refusalReason(error) ?? 'Failed to restore the account'),
                  })
                }
              >
                Restore
              </Button>
            </li>
          ))}
        </ul>
      </div>
    </details>
  );
}
