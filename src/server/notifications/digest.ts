/**
 * The daily e-mail digest (issue 16; ADR 0035). The queue's `notifications:digest` job runs every
 * hour; each UK day, the first run finds the users who opted in and have no digest for that day
 * yet, and decides each one's digest in a transaction of its own, under their row-level security:
 * it inserts the day's send record (user and day are its key), and only the transaction that
 * inserted it sends the e-mail, before it commits. A second worker racing for the same user waits
 * on the key, then finds it taken and sends nothing; a send that fails rolls the record back, so
 * the next run tries again. A day with nothing to tell is recorded (count 0) and sends nothing.
 */
import { sql } from 'drizzle-orm';
import type { CalendarDate } from '../../core/dates/calendar-date.ts';
import { digestKindsOf, digestNotifications } from '../../core/notifications/digest.ts';
import { effectiveTier, type SubscriptionFacts } from '../../core/subscriptions/access.ts';
import type { AppDb, Database, NamedQuery, Tx } from '../db/client.ts';
import { FLAG_COLUMNS, type FlagRow, flagsOf } from '../auth/session.ts';
import { rowsOf } from '../db/rls.ts';
import type { Mailer } from '../mail/mailer.ts';
import { type SubscriptionRow, subscriptionFactsJson, subscriptionFactsOf } from '../subscriptions/facts.ts';
import { notificationDigestMail } from './digest-mail.ts';
import { userNotifications } from './notification-list.ts';
import { readNotificationReads } from './queries.ts';
import { unsubscribeToken } from './unsubscribe-token.ts';
import { featuresFor, type ResolvedFeatures } from '../../core/subscriptions/features.ts';

export type DigestDeps = { database: Database; mailer: Mailer; secret: string; publicUrl: string };

/**
 * Opens a user's digest transaction: switches to `app_user` with the user set, in the same round
 * trip as BEGIN, as a request's opening does; on PostgreSQL the transaction then runs on the
 * connection's own drizzle instance, so the reads' statements are prepared once per connection.
 */
const actorOpening = (userId: string): NamedQuery => ({
  name: 'notification_digest_actor',
  query: sql`select set_config('role', 'app_user', true), set_config('app.user_id', ${sql.placeholder('userId')}, true),
    set_config('app.is_admin', 'false', true)`,
  values: { userId },
});

/** Users whose digest is decided per batch, and how many at once (each on its own connection). */
export const DIGEST_BATCH = 500;
export const DIGEST_CONCURRENCY = 4;

/** A user due a digest, with what decides their plan's notification kinds (and an admin's grants). */
export type DigestUser = FlagRow & {
  userId: string;
  email: string;
  isAdmin: boolean;
  /** The `subscriptions` row as JSON (timestamps as text); null: none (a Big Pig trial, ADR 0036). */
  subscription: SubscriptionRow | null;
};

/**
 * The features the digest follows on `now`: the user's effective tier's and an admin's per-user
 * grants, as a request's gates read them (the session's `featuresFor`, ADR 0045).
 */
function featuresOn(user: DigestUser, facts: SubscriptionFacts | null, now: Date): ResolvedFeatures {
  const tier = effectiveTier(facts, { isAdmin: user.isAdmin, now });
  return featuresFor({ tier, flags: flagsOf(user), isAdmin: user.isAdmin });
}

/**
 * Opted-in users still without a digest for `day`, after `afterUserId`, by id: verified address,
 * 'Account notifications' on, not suspended. Read by the job's own role across users.
 */
export async function listDigestUsers(
  db: AppDb | Tx,
  day: CalendarDate,
  afterUserId: string,
  limit = DIGEST_BATCH,
): Promise<DigestUser[]> {
  return rowsOf<DigestUser>(
    await db.execute(sql`
      select p.user_id as "userId", u.email,
        exists (select 1 from user_roles r where r.user_id = p.user_id and r.role = 'admin') as "isAdmin",
        (select ${subscriptionFactsJson('x')} from subscriptions x where x.user_id = p.user_id) as subscription,
        ${FLAG_COLUMNS}
      from notification_digest_preferences p
      join "user" u on u.id = p.user_id
      join user_settings flags on flags.user_id = p.user_id
      where p.user_id > ${afterUserId} and cardinality(p.kinds) > 0
        and flags.notifications_enabled and not flags.suspended and u.email_confirmed_at is not null
        and not exists (select 1 from notification_digest_sends d where d.user_id = p.user_id and d.day = ${day}::date)
      order by p.user_id
      limit ${limit}`),
  );
}

/**
 * Decides one user's digest for `day` and sends it: 'sent', 'empty' (recorded, nothing to send)
 * or 'taken' (another run has it).
 */
export async function sendUserDigest(
  deps: DigestDeps,
  user: DigestUser,
  day: CalendarDate,
  now: Date,
): Promise<'sent' | 'empty' | 'taken'> {
  return deps.database.transactionOpenedWith(actorOpening(user.userId), async (tx) => {
    const reads = await readNotificationReads(tx, user.userId, day);
    const kinds = digestKindsOf(reads.digestKinds);
    const facts = user.subscription && subscriptionFactsOf(user.subscription);
    const mine = userNotifications(reads, day, featuresOn(user, facts, now), { facts, now });
    const listed = digestNotifications(mine.showing, kinds);
    const taken = rowsOf(
      await tx.execute(sql`
        insert into notification_digest_sends (user_id, day, notification_count)
        values (${user.userId}, ${day}::date, ${listed.length})
        on conflict (user_id, day) do nothing returning user_id`),
    );
    if (taken.length === 0) return 'taken';
    if (listed.length === 0) return 'empty';
    const unsubscribeUrl = `${deps.publicUrl}/notifications/unsubscribe?token=${unsubscribeToken(deps.secret, user.userId)}`;
    await deps.mailer.send(
      notificationDigestMail(user.email, day, listed, { publicUrl: deps.publicUrl, unsubscribeUrl }),
    );
    return 'sent';
  });
}

export type DigestRun = { sent: number; empty: number; taken: number; failed: number };

/**
 * Every due user's digest for `day`, a batch at a time, `DIGEST_CONCURRENCY` users at once, each
 * with the notification kinds of their plan on `now`. `renew` runs before each batch (the job's
 * claim). A user whose digest fails is counted and left for the next run.
 */
export async function sendDigests(
  deps: DigestDeps,
  day: CalendarDate,
  {
    renew = async () => {},
    onError = () => {},
    now = new Date(),
  }: { renew?: () => Promise<void>; onError?: (err: unknown) => void; now?: Date } = {},
): Promise<DigestRun> {
  const run: DigestRun = { sent: 0, empty: 0, taken: 0, failed: 0 };
  let after = '';
  for (;;) {
    await renew();
    const users = await listDigestUsers(deps.database.db, day, after);
    if (users.length === 0) return run;
    after = users[users.length - 1]!.userId;
    let next = 0;
    const worker = async () => {
      while (next < users.length) {
        const user = users[next++]!;
        try {
          run[await sendUserDigest(deps, user, day, now)] += 1;
        } catch (err) {
          run.failed += 1;
          onError(err);
        }
      }
    };
    await Promise.all(Array.from({ length: DIGEST_CONCURRENCY }, worker));
  }
}
