import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { AppDb, Tx } from '../db/client.ts';
import { rowsOf } from '../db/rls.ts';
import { ACTIVITY_WRITE_INTERVAL_MS, INACTIVITY_LIMIT_MS, ONLINE_WINDOW_MS } from '../../core/session/limits.ts';

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;
const before = (now: Date, ms: number) => at(new Date(now.getTime() - ms));

/**
 * Records user activity on a live session and its profile, at most once per 30 s: a write
 * within 30 s of the last is skipped. Runs as the login role (`session` is an auth table).
 * Returns whether it wrote.
 */
export async function recordActivity(tx: Tx, sessionId: string, now: Date): Promise<boolean> {
  const rows = rowsOf<{ written: number }>(
    await tx.execute(sql`
      with s as (
        update session set last_active_at = ${at(now)}
        where id = ${sessionId} and last_active_at <= ${before(now, ACTIVITY_WRITE_INTERVAL_MS)}
        returning user_id),
      p as (update profiles set last_active_at = ${at(now)} where id in (select user_id from s))
      select count(*)::int as written from s`),
  );
  return (rows[0]?.written ?? 0) > 0;
}

export type PresenceStatus = 'online' | 'away';

/** Marks the signed-in user online (or away) now; row-level security limits it to their own row. */
export async function refreshPresence(tx: Tx, userId: string, status: PresenceStatus, now: Date): Promise<void> {
  await tx.execute(sql`
    insert into presence (user_id, online_at, status) values (${userId}, ${at(now)}, ${status})
    on conflict (user_id) do update set online_at = excluded.online_at, status = excluded.status`);
}

export type OnlineUser = {
  userId: string;
  firstName: string | null;
  lastName: string | null;
  email: string;
  status: PresenceStatus;
  onlineAt: string;
};

/** Everyone whose presence is at most a minute old, most recent first (an admin's request). */
export async function listOnlineUsers(tx: Tx, now: Date): Promise<OnlineUser[]> {
  const rows = rowsOf<{
    user_id: string;
    first_name: string | null;
    last_name: string | null;
    email: string;
    status: PresenceStatus;
    online_at: string | Date;
  }>(
    await tx.execute(sql`
      select pr.user_id, p.first_name, p.last_name, u.email, pr.status, pr.online_at
      from presence pr
      join "user" u on u.id = pr.user_id
      left join profiles p on p.id = pr.user_id
      where pr.online_at > ${before(now, ONLINE_WINDOW_MS)}
      order by pr.online_at desc, u.email
      limit 500`),
  );
  return rows.map((r) => ({
    userId: r.user_id,
    firstName: r.first_name,
    lastName: r.last_name,
    email: r.email,
    status: r.status,
    onlineAt: new Date(r.online_at).toISOString(),
  }));
}

/**
 * The browser's automatic sign-out after inactivity: records `last_auto_logout_at` (now) and
 * `last_active_at` (the session's last reported activity) for the session's user. Accepts an
 * idle session (that is the point) but not an expired one or a suspended user's.
 * Returns false when the token names no such session.
 */
export async function recordInactivitySignOut(db: AppDb, token: string, now: Date): Promise<boolean> {
  const rows = rowsOf<{ user_id: string }>(
    await db.execute(sql`
      with s as (
        select s.user_id, s.last_active_at from session s
        where s.token = ${token} and s.expires_at > now()
          and not exists (select 1 from user_settings us where us.user_id = s.user_id and us.suspended)),
      p as (
        update profiles set last_auto_logout_at = ${at(now)},
          last_active_at = greatest(profiles.last_active_at, (select last_active_at from s))
        where id in (select user_id from s))
      select user_id from s`),
  );
  return rows.length > 0;
}

/**
 * In front of better-auth's own endpoints: ends every idle session of the user whose session
 * token this is (the request's own included), recording the automatic sign-out on the profile.
 * better-auth then finds no session for an idle cookie (get-session answers null).
 */
export async function endIdleSessions(db: AppDb, token: string, now: Date): Promise<number> {
  const rows = rowsOf<{ ended: number }>(
    await db.execute(sql`
      with ended as (
        delete from session
        where user_id = (select user_id from session where token = ${token})
          and last_active_at <= ${before(now, INACTIVITY_LIMIT_MS)}
        returning user_id, last_active_at),
      p as (
        update profiles set last_auto_logout_at = ${at(now)},
          last_active_at = greatest(profiles.last_active_at, (select max(last_active_at) from ended))
        where id in (select user_id from ended))
      select count(*)::int as ended from ended`),
  );
  return rows[0]?.ended ?? 0;
}

export async function isSuspended(db: AppDb, userId: string): Promise<boolean> {
  const rows = rowsOf<{ suspended: boolean }>(
    await db.execute(sql`select suspended from user_settings where user_id = ${userId}`),
  );
  return rows[0]?.suspended === true;
}

/** The device a sign-in came from: a hash of its user agent (no raw string is stored). */
export function deviceFingerprint(userAgent: string | null | undefined): string {
  return createHash('sha256')
    .update(userAgent ?? '')
    .digest('hex');
}

export type SignInRecord = {
  /** The device had not signed in to this account before. */
  isNewDevice: boolean;
  /** The account had signed in from some device before (so this is not its first sign-in). */
  hadDevices: boolean;
  loginNotificationsEnabled: boolean;
  firstName: string | null;
};

/**
 * A completed sign-in (after any second factor): `last_login_at` and `last_active_at` now, the
 * user online, the device remembered. One statement.
 */
export async function recordSignIn(
  db: AppDb,
  input: { userId: string; fingerprint: string; now: Date },
): Promise<SignInRecord> {
  const { userId, fingerprint, now } = input;
  const rows = rowsOf<{ is_new: boolean; prior: number; notify: boolean | null; first_name: string | null }>(
    await db.execute(sql`
      with prior as (select count(*)::int as n from login_devices where user_id = ${userId}),
      device as (
        insert into login_devices (user_id, fingerprint, first_seen_at, last_seen_at)
        values (${userId}, ${fingerprint}, ${at(now)}, ${at(now)})
        on conflict (user_id, fingerprint) do update set last_seen_at = excluded.last_seen_at
        returning (xmax = 0) as is_new),
      profile as (
        update profiles set last_login_at = ${at(now)}, last_active_at = ${at(now)} where id = ${userId}
        returning first_name),
      online as (
        insert into presence (user_id, online_at, status) values (${userId}, ${at(now)}, 'online')
        on conflict (user_id) do update set online_at = excluded.online_at, status = excluded.status)
      select device.is_new, prior.n as prior,
        (select login_notifications_enabled from user_settings where user_id = ${userId}) as notify,
        (select first_name from profile) as first_name
      from device, prior`),
  );
  const row = rows[0];
  return {
    isNewDevice: row?.is_new === true,
    hadDevices: (row?.prior ?? 0) > 0,
    loginNotificationsEnabled: row?.notify ?? true,
    firstName: row?.first_name ?? null,
  };
}

/**
 * Sign-out of the session with this token: `last_signout_at` now, and the user goes offline
 * unless another of their sessions is still live.
 */
export async function recordSignOut(db: AppDb, token: string, now: Date): Promise<void> {
  await db.execute(sql`
    with s as (select id, user_id from session where token = ${token}),
    p as (update profiles set last_signout_at = ${at(now)} where id in (select user_id from s))
    delete from presence
    where user_id in (select user_id from s)
      and not exists (
        select 1 from session o
        where o.user_id = presence.user_id and o.id not in (select id from s)
          and o.expires_at > now() and o.last_active_at > ${before(now, INACTIVITY_LIMIT_MS)})`);
}
