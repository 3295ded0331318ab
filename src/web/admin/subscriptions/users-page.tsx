import { Search, Users } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { ACCESS_REASON_LABELS } from '../../../core/subscriptions/access.ts';
import { TIER_LABELS } from '../../../core/subscriptions/tier.ts';
import { refusalReason } from '../../app/api.ts';
import { notify } from '../../app/notify.ts';
import { Badge } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import { Input } from '../../ui/input.tsx';
import { SectionLoadError, SectionSkeleton } from '../../ui/section-states.tsx';
import { Switch } from '../../ui/switch.tsx';
import { AdminTable, AdminTableBody, AdminTableCell, AdminTableHead, AdminTableRow } from './admin-table.tsx';
import { type AdminUserSubscription, useAdminUserSubscriptions, useSetAdminOverride } from './api.ts';
import { PAYMENT_STATUS_LABELS, tableDateText } from './subscription-text.ts';

/** Users a page (the server's page size). */
const PAGE = 50;

/** /admin/users: each user's subscription as they see it, and the admin override (issue 17). */
export function UsersPage() {
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [offset, setOffset] = useState(0);
  const users = useAdminUserSubscriptions(search, offset);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSearch(typed.trim());
    setOffset(0);
  };
  const total = users.data?.total ?? 0;

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 md:py-10">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Users</h1>
      <p className="mt-2 max-w-2xl text-muted-foreground">
        Each user&apos;s plan as they see it, their payment status, trial and promo code. The Big Pig override gives a
        user Big Pig whatever they pay; payment status and paid plan come from the card provider.
      </p>

      <search className="mt-6 block max-w-md">
        <form onSubmit={submit} className="flex gap-2">
          <label htmlFor="admin-user-search" className="sr-only">
            Search users by name or email
          </label>
          <Input
            id="admin-user-search"
            type="search"
            placeholder="Name or email"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
          />
          <Button type="submit" variant="outline">
            <Search aria-hidden />
            Search
          </Button>
        </form>
      </search>

      <div className="mt-6">
        {users.isPending ? (
          <SectionSkeleton rows={6} label="Loading users" />
        ) : users.isError ? (
          <SectionLoadError
            message={`Failed to load users: ${users.error.message}`}
            onRetry={() => void users.refetch()}
            retrying={users.isFetching}
          />
        ) : users.data.users.length === 0 ? (
          <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-4 py-12 text-center">
            <Users className="size-10 text-muted-foreground" aria-hidden />
            <h2 className="text-lg font-semibold">No users match “{search}”</h2>
            <p className="text-muted-foreground">Try part of their email address or name.</p>
          </div>
        ) : (
          <>
            <p className="mb-3 text-sm text-muted-foreground" aria-live="polite">
              {total === 1 ? '1 user' : `${total} users`}
              {search ? ` matching “${search}”` : ''}
              {total > PAGE ? `, showing ${offset + 1}–${Math.min(offset + PAGE, total)}` : ''}
            </p>
            <AdminTable aria-label="Users and their subscriptions">
              <AdminTableHead>
                <tr>
                  <th scope="col">User</th>
                  <th scope="col">Plan now</th>
                  <th scope="col">Payment status</th>
                  <th scope="col">Trial ends</th>
                  <th scope="col">Promo</th>
                  <th scope="col">Big Pig override</th>
                </tr>
              </AdminTableHead>
              <AdminTableBody>
                {users.data.users.map((user) => (
                  <UserRow key={user.userId} user={user} />
                ))}
              </AdminTableBody>
            </AdminTable>
            {total > PAGE ? (
              <nav aria-label="Pages of users" className="mt-4 flex gap-2">
                <Button variant="outline" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE))}>
                  Previous
                </Button>
                <Button variant="outline" disabled={offset + PAGE >= total} onClick={() => setOffset(offset + PAGE)}>
                  Next
                </Button>
              </nav>
            ) : null}
          </>
        )}
      </div>
    </div>
  );
}

function UserRow({ user }: { user: AdminUserSubscription }) {
  const setOverride = useSetAdminOverride();
  const s = user.subscription;
  const switchId = `override-${user.userId}`;
  const change = (adminOverride: boolean) =>
    setOverride.mutate(
      { userId: user.userId, adminOverride },
      {
        onSuccess: () =>
          notify.success(adminOverride ? `${user.email} now has Big Pig` : `Override cleared for ${user.email}`),
        onError: (error) => notify.error(refusalReason(error) ?? `Failed to change the override: ${error.message}`),
      },
    );
  return (
    <AdminTableRow>
      <AdminTableCell label="User" className="max-md:block">
        <span className="block font-medium">{user.name}</span>
        <span className="block break-all text-muted-foreground">{user.email}</span>
        {user.isAdmin ? (
          <Badge variant="info" className="mt-1">
            Admin
          </Badge>
        ) : null}
      </AdminTableCell>
      {/* One box per value: a phone's card spreads a cell's children across its line, after the label. */}
      <AdminTableCell label="Plan now">
        <span className="max-md:text-right">
          <span className="block">{TIER_LABELS[s.tier]}</span>
          <span className="block text-muted-foreground">{ACCESS_REASON_LABELS[user.accessReason]}</span>
        </span>
      </AdminTableCell>
      <AdminTableCell label="Payment status">
        {s.hasSubscription ? (PAYMENT_STATUS_LABELS[s.paymentStatus] ?? s.paymentStatus) : 'No subscription yet'}
      </AdminTableCell>
      <AdminTableCell label="Trial ends" className="tabular-nums">
        <span>
          {tableDateText(s.trialExpiresAt)}
          {s.isTrialExpired ? <span className="text-muted-foreground"> (ended)</span> : null}
        </span>
      </AdminTableCell>
      <AdminTableCell label="Promo">
        {user.promoCode ? (
          <span>
            <span className="font-mono">{user.promoCode}</span>
            {s.promo ? <span className="text-muted-foreground"> until {tableDateText(s.promo.expiresAt)}</span> : null}
          </span>
        ) : (
          '—'
        )}
      </AdminTableCell>
      <AdminTableCell label="Big Pig override">
        <span className="flex items-center gap-2">
          <Switch
            id={switchId}
            checked={s.hasAdminOverride}
            disabled={setOverride.isPending}
            onCheckedChange={change}
            aria-label={`Big Pig override for ${user.email}`}
          />
          <span aria-hidden className="text-sm">
            {s.hasAdminOverride ? 'On' : 'Off'}
          </span>
        </span>
      </AdminTableCell>
    </AdminTableRow>
  );
}
