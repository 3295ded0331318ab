import { Circle, Pencil, Users } from 'lucide-react';
import { AdminSearchBox } from '../admin-search-box.tsx';
import { type FormEvent, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { ACCESS_REASON_LABELS } from '../../../core/subscriptions/access.ts';
import { TIER_LABELS } from '../../../core/subscriptions/tier.ts';
import { paths } from '../../app/paths.ts';
import { Badge } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import { buttonVariants } from '../../ui/button-variants.ts';
import { SectionLoadError, SectionSkeleton } from '../../ui/section-states.tsx';
import { AdminHeader } from '../admin-header.tsx';
import { dateTimeText } from '../audit/audit-text.ts';
import {
  AdminTable,
  AdminTableBody,
  AdminTableCell,
  AdminTableHead,
  AdminTableRow,
} from '../subscriptions/admin-table.tsx';
import { PAYMENT_STATUS_LABELS, tableDateText } from '../subscriptions/subscription-text.ts';
import { type AdminUserListItem, useAdminUsers } from './api.ts';

/** The line over the table: how many users, what matched, which ones are shown. */
export function countText({
  total,
  isCapped,
  search,
  offset,
  shown,
}: {
  total: number;
  isCapped: boolean;
  search: string;
  offset: number;
  shown: number;
}): string {
  const users = isCapped
    ? `More than ${(total - 1).toLocaleString('en-GB')} users`
    : total === 1
      ? '1 user'
      : `${total.toLocaleString('en-GB')} users`;
  const matching = search ? ` matching “${search}”` : '';
  const range =
    total > shown || offset > 0
      ? `, showing ${(offset + 1).toLocaleString('en-GB')}–${(offset + shown).toLocaleString('en-GB')}`
      : '';
  return `${users}${matching}${range}`;
}

/**
 * /admin/users (issue 28): every user, newest first, searched by any part of their name or e-mail
 * address, with their role, plan and subscription status, last activity, whether they are online
 * now and whether they are suspended; each row leads to the user's detail page.
 */
export function UsersPage() {
  // The search and page live in the address, so Back (and the user page's Back to Users) return to them.
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const offset = Math.max(0, Math.trunc(Number(params.get('offset') ?? 0)) || 0);
  const [typed, setTyped] = useState(search);
  const users = useAdminUsers(search, offset);
  const go = (next: { search: string; offset: number }) => {
    const query = new URLSearchParams();
    if (next.search) query.set('search', next.search);
    if (next.offset) query.set('offset', String(next.offset));
    setParams(query);
  };
  const setOffset = (next: number) => go({ search, offset: next });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    go({ search: typed.trim(), offset: 0 });
  };
  const page = users.data;
  const pageSize = page?.pageSize ?? 50;
  const listSearch = useLocation().search;

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 md:py-10">
      <AdminHeader
        title="Users"
        description="Find a user by any part of their name or email address. Open a user to change their profile, role, plan override, features and account limit, or to suspend them."
        showBackToSettings
      />

      <search className="mt-6 block max-w-md">
        <AdminSearchBox
          id="admin-user-search"
          label="Search users by name or email"
          labelHidden
          placeholder="Name or email"
          value={typed}
          onChange={setTyped}
          onSubmit={submit}
        />
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
        ) : page && page.users.length === 0 && offset === 0 ? (
          <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-4 py-12 text-center">
            <Users className="size-10 text-muted-foreground" aria-hidden />
            <h2 className="text-lg font-semibold">No users match “{search}”</h2>
            <p className="text-muted-foreground">Try part of their email address or name.</p>
          </div>
        ) : page ? (
          <>
            <p className="mb-3 text-sm text-muted-foreground" aria-live="polite">
              {countText({ total: page.total, isCapped: page.isCapped, search, offset, shown: page.users.length })}
            </p>
            {page.isCapped ? (
              <p className="mb-3 text-sm">Type more of the name or email address to narrow the search.</p>
            ) : null}
            <AdminTable aria-label="Users">
              <AdminTableHead>
                <tr>
                  <th scope="col">User</th>
                  <th scope="col">Role</th>
                  <th scope="col">Plan now</th>
                  <th scope="col">Subscription status</th>
                  <th scope="col">Trial ends</th>
                  <th scope="col">Promo</th>
                  <th scope="col">Last active</th>
                  <th scope="col">Online now</th>
                  <th scope="col">Suspended</th>
                  <th scope="col">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </AdminTableHead>
              <AdminTableBody>
                {page.users.map((user) => (
                  <UserRow key={user.userId} user={user} listSearch={listSearch} />
                ))}
              </AdminTableBody>
            </AdminTable>
            {page.total > pageSize || offset > 0 ? (
              <nav aria-label="Pages of users" className="mt-4 flex gap-2">
                <Button
                  variant="outline"
                  disabled={offset === 0}
                  onClick={() => setOffset(Math.max(0, offset - pageSize))}
                >
                  Previous
                </Button>
                <Button
                  variant="outline"
                  disabled={offset + pageSize >= page.total}
                  onClick={() => setOffset(offset + pageSize)}
                >
                  Next
                </Button>
              </nav>
            ) : null}
          </>
        ) : null}
      </div>
    </div>
  );
}

/** What the user page's Back to Users returns to: this list's search and page. */
export type UsersListState = { listSearch: string };

function UserRow({ user, listSearch }: { user: AdminUserListItem; listSearch: string }) {
  const s = user.subscription;
  return (
    <AdminTableRow>
      <AdminTableCell label="User" className="max-md:block">
        <span className="block font-medium">{user.name}</span>
        <span className="block break-all text-muted-foreground">{user.email}</span>
      </AdminTableCell>
      {/* One box per value: a phone's card spreads a cell's children across its line, after the label. */}
      <AdminTableCell label="Role">
        {user.role === 'admin' ? <Badge variant="info">Admin</Badge> : <span>Subscriber</span>}
      </AdminTableCell>
      <AdminTableCell label="Plan now">
        <span className="max-md:text-right">
          <span className="block">{TIER_LABELS[s.tier]}</span>
          <span className="block text-muted-foreground">{ACCESS_REASON_LABELS[user.accessReason]}</span>
        </span>
      </AdminTableCell>
      <AdminTableCell label="Subscription status">
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
      <AdminTableCell label="Last active" className="tabular-nums">
        {user.lastActiveAt ? <time dateTime={user.lastActiveAt}>{dateTimeText(user.lastActiveAt)}</time> : 'Never'}
      </AdminTableCell>
      <AdminTableCell label="Online now">
        {user.presence.isOnline ? (
          <span className="inline-flex items-center gap-1.5">
            <Circle className="size-2.5 fill-success text-success" aria-hidden />
            {user.presence.status === 'away' ? 'Away' : 'Online'}
          </span>
        ) : (
          <span className="text-muted-foreground">No</span>
        )}
      </AdminTableCell>
      <AdminTableCell label="Suspended">
        {user.suspended ? (
          <Badge variant="destructive">Suspended</Badge>
        ) : (
          <span className="text-muted-foreground">No</span>
        )}
      </AdminTableCell>
      <AdminTableCell label="Actions" className="max-md:before:content-none">
        <Link
          to={paths.adminUserEdit(user.userId)}
          state={{ listSearch } satisfies UsersListState}
          className={buttonVariants({ variant: 'outline', size: 'sm' })}
          aria-label={`Edit ${user.email}`}
        >
          <Pencil aria-hidden />
          Edit
        </Link>
      </AdminTableCell>
    </AdminTableRow>
  );
}
