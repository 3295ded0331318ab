/**
 * The admin Users screens' reads (issue 28): the searchable list and one user whole. better-auth's
 * "user" table is not app_user's to read, so the callers run these as the login role
 * (`asLoginRole`) in an admin's request: nothing here filters by a signed-in user.
 */
import { type SQL, sql } from 'drizzle-orm';
import { INACTIVITY_LIMIT_MS, ONLINE_WINDOW_MS } from '../../../core/session/limits.ts';
import type { Tx } from '../../db/client.ts';
import { rowsOf } from '../../db/rls.ts';
import { type SubscriptionRow, subscriptionFactColumns } from '../../subscriptions/facts.ts';

/** Users a page of the list. */
export const ADMIN_USERS_PAGE_SIZE = 50;

export type AdminUserListRow = SubscriptionRow & {
  user_id: string;
  email: string;
  name: string;
  created_at: Date | string;
  is_admin: boolean;
  has_subscription: boolean;
  promo_code: string | null;
  last_active_at: Date | string | null;
  online_at: Date | string | null;
  presence_status: 'online' | 'away' | null;
  suspended: boolean | null;
};

/** `text` for LIKE: its wildcards and the escape character stand for themselves. */
export function likeContaining(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A search finds at most this many users (and says "more than"); the list pages through them. */
export const ADMIN_USERS_SEARCH_CAP = 1000;

/**
 * One page of users, newest first, and how many match. `search` matches any part of the e-mail
 * address or of the name (first and last), ignoring case. With no search, every user.
 *
 * At 100,000 users (bench/admin-users.ts) a search is a scan whatever we do (a part of an address
 * can start anywhere, so no b-tree helps, and there is no trigram index). It is kept cheap: the
 * addresses are matched with LIKE on the lower-case needle (better-auth stores addresses in lower
 * case, and LIKE costs a quarter of ILIKE), the names in `profiles` with ILIKE, each table scanned
 * on its own (no join per row); each side stops at the cap, so a search that matches most users
 * stops early too. Only the page's 50 rows are joined to their subscription, settings, presence
 * and role.
 */
export async function listAdminUsers(
  tx: Tx,
  { search, offset, now }: { search: string; offset: number; now: Date },
): Promise<{ rows: AdminUserListRow[]; total: number; isCapped: boolean }> {
  const onlineSince = new Date(now.getTime() - ONLINE_WINDOW_MS).toISOString();
  const needle = search.toLowerCase();
  const pageOf = (from: SQL) =>
    sql`page as (select id, created_at from ${from} order by created_at desc, id
      limit ${ADMIN_USERS_PAGE_SIZE} offset ${offset})`;
  // With no search, every user: the newest 50 (a top-N sort) and a count, no list of ids kept.
  const pattern = likeContaining(needle);
  const [ctes, count] =
    needle === ''
      ? [pageOf(sql`"user"`), sql`(select count(*) from "user")`]
      : [
          sql`hits as (
            (select id from "user" where email like ${pattern} limit ${ADMIN_USERS_SEARCH_CAP + 1})
            union
            (select id from profiles
              where (coalesce(first_name, '') || ' ' || coalesce(last_name, '')) ilike ${pattern}
              limit ${ADMIN_USERS_SEARCH_CAP + 1})),
          matched as materialized (select u.id, u.created_at from hits join "user" u on u.id = hits.id),
          ${pageOf(sql`matched`)}`,
          sql`(select count(*) from matched)`,
        ];
  const rows = rowsOf<AdminUserListRow & { total: number | string }>(
    await tx.execute(sql`
      with ${ctes}
      select u.id as user_id, u.email,
        coalesce(nullif(btrim(concat_ws(' ', p.first_name, p.last_name)), ''), u.name) as name,
        u.created_at,
        exists (select 1 from user_roles r where r.user_id = u.id and r.role = 'admin') as is_admin,
        s.user_id is not null as has_subscription, ${subscriptionFactColumns('s')},
        pc.code as promo_code, p.last_active_at,
        case when pr.online_at > ${onlineSince}::timestamptz then pr.online_at end as online_at,
        case when pr.online_at > ${onlineSince}::timestamptz then pr.status end as presence_status,
        us.suspended,
        ${count} as total
      from (select 1) one
      left join page on true
      left join "user" u on u.id = page.id
      left join profiles p on p.id = u.id
      left join subscriptions s on s.user_id = u.id
      left join promo_codes pc on pc.id = s.promo_code_id
      left join user_settings us on us.user_id = u.id
      left join presence pr on pr.user_id = u.id
      order by page.created_at desc, page.id`),
  );
  // One row carries the count even when the page is empty (an offset past the end, no match).
  const total = Number(rows[0]?.total ?? 0);
  return {
    rows: rows.filter((row) => row.user_id !== null),
    total,
    isCapped: needle !== '' && total > ADMIN_USERS_SEARCH_CAP,
  };
}

export type AdminUserDetailRow = SubscriptionRow & {
  user_id: string;
  email: string;
  user_name: string;
  created_at: Date | string;
  email_confirmed_at: Date | string | null;
  two_factor_enabled: boolean;
  is_admin: boolean;
  has_subscription: boolean;
  is_active: boolean | null;
  stripe_subscription_id: string | null;
  promo_code: string | null;
  profile: Record<string, unknown> | null;
  settings: Record<string, unknown> | null;
  online_at: Date | string | null;
  presence_status: 'online' | 'away' | null;
  live_sessions: number | string;
  devices: { first_seen_at: string; last_seen_at: string }[] | null;
};

/**
 * One user whole, for the detail page's six tabs: account, profile (as JSON), role, subscription,
 * settings (as JSON), presence, sessions in use (unexpired, not idle) and the devices they signed in from. One statement;
 * null when there is no such user.
 */
export async function findAdminUser(tx: Tx, userId: string, now: Date): Promise<AdminUserDetailRow | null> {
  const onlineSince = new Date(now.getTime() - ONLINE_WINDOW_MS).toISOString();
  // A session idle for the inactivity limit is over, whatever its expiry says (ADR 0010).
  const idleSince = new Date(now.getTime() - INACTIVITY_LIMIT_MS).toISOString();
  const [row] = rowsOf<AdminUserDetailRow>(
    await tx.execute(sql`
      select u.id as user_id, u.email, u.name as user_name, u.created_at, u.email_confirmed_at, u.two_factor_enabled,
        exists (select 1 from user_roles r where r.user_id = u.id and r.role = 'admin') as is_admin,
        s.user_id is not null as has_subscription, ${subscriptionFactColumns('s')},
        s.is_active, s.stripe_subscription_id, pc.code as promo_code,
        (select to_jsonb(p) from profiles p where p.id = u.id) as profile,
        (select to_jsonb(us) from user_settings us where us.user_id = u.id) as settings,
        case when pr.online_at > ${onlineSince}::timestamptz then pr.online_at end as online_at,
        case when pr.online_at > ${onlineSince}::timestamptz then pr.status end as presence_status,
        (select count(*) from session se where se.user_id = u.id and se.expires_at > ${now.toISOString()}::timestamptz
            and se.last_active_at > ${idleSince}::timestamptz) as live_sessions,
        (select json_agg(json_build_object('first_seen_at', d.first_seen_at, 'last_seen_at', d.last_seen_at)
            order by d.last_seen_at desc)
          from (select * from login_devices where user_id = u.id order by last_seen_at desc limit 20) d) as devices
      from "user" u
      left join subscriptions s on s.user_id = u.id
      left join promo_codes pc on pc.id = s.promo_code_id
      left join presence pr on pr.user_id = u.id
      where u.id = ${userId}`),
  );
  return row ?? null;
}
