/**
 * Sync Users (002 §2, §4, §9): every user to HubSpot, 20 a page with a 1 s pause between pages,
 * created when HubSpot has no contact with the e-mail, otherwise left as it is (exists) or, with
 * Force update, updated. Runs as a job; the run's row holds its progress, counts and the first 100
 * result rows for the screen. Each user goes through the queue's claim (a `user_sync` item), so it
 * never races the worker on the same contact.
 */
import { sql } from 'drizzle-orm';
import { profileProperties, subjectKeyOf } from '../../core/crm/contact-properties.ts';
import type { AppDb, Tx } from '../db/client.ts';
import { rowsOf } from '../db/rls.ts';
import type { SyncUsersResultRow } from '../db/schema/index.ts';
import type { JobRunner } from '../jobs/runner.ts';
import { AppError } from '../errors.ts';
import { describeFailure } from './client.ts';
import type { Crm } from './crm.ts';

export const SYNC_USERS_JOB = 'crm:sync-users';
export const SYNC_USERS_PAGE_SIZE = 20;
export const SYNC_USERS_RESULT_ROWS = 100;
export const SYNC_USERS_ALREADY_RUNNING = 'A user sync is already running';

export type SyncUsersRun = {
  id: string;
  status: 'running' | 'completed' | 'failed';
  forceUpdate: boolean;
  page: number;
  pageSize: number;
  total: number;
  processed: number;
  counts: Record<SyncUsersResultRow['status'], number>;
  results: SyncUsersResultRow[];
  hasMore: boolean;
  error: string | null;
  startedAt: string;
  finishedAt: string | null;
};

type RunRow = {
  id: string;
  status: SyncUsersRun['status'];
  force_update: boolean;
  page: number;
  page_size: number;
  total: number;
  processed: number;
  counts: SyncUsersRun['counts'];
  results: SyncUsersResultRow[];
  has_more: boolean;
  error: string | null;
  started_at: string | Date;
  finished_at: string | Date | null;
};

const EMPTY_COUNTS = { created: 0, exists: 0, updated: 0, error: 0, skipped: 0 };

function runJson(r: RunRow): SyncUsersRun {
  return {
    id: r.id,
    status: r.status,
    forceUpdate: r.force_update,
    page: r.page,
    pageSize: r.page_size,
    total: r.total,
    processed: r.processed,
    counts: { ...EMPTY_COUNTS, ...r.counts },
    results: r.results,
    hasMore: r.has_more,
    error: r.error,
    startedAt: new Date(r.started_at).toISOString(),
    finishedAt: r.finished_at === null ? null : new Date(r.finished_at).toISOString(),
  };
}

const RUN_COLUMNS = sql`id, status, force_update, page, page_size, total, processed, counts, results, has_more, error, started_at, finished_at`;

/** The latest run (null before the first); an admin's request reads it under row-level security. */
export async function latestSyncUsersRun(db: AppDb | Tx): Promise<SyncUsersRun | null> {
  const [row] = rowsOf<RunRow>(
    await db.execute(sql`select ${RUN_COLUMNS} from crm_sync_runs order by started_at desc limit 1`),
  );
  return row ? runJson(row) : null;
}

/**
 * Starts a run (a job does the work); refused while one runs. `t` must be able to write the run
 * and the job: the server's connection or the login role.
 */
export async function startSyncUsers(
  t: AppDb | Tx,
  jobs: JobRunner,
  input: { forceUpdate: boolean; startedBy: string | null },
): Promise<SyncUsersRun> {
  await t.execute(sql`select pg_advisory_xact_lock(hashtext('crm-sync-users'))`);
  // A run silent for 10 minutes is a crashed one: it no longer blocks a new start.
  await t.execute(sql`
    update crm_sync_runs set status = 'failed', error = 'Stopped: no progress for 10 minutes', finished_at = now()
    where status = 'running' and coalesce(finished_at, started_at) < now() - interval '10 minutes'
      and not exists (select 1 from jobs where name = ${SYNC_USERS_JOB} and status in ('pending', 'running')
        and (locked_at is null or locked_at > now() - interval '10 minutes'))`);
  const [running] = rowsOf(await t.execute(sql`select id from crm_sync_runs where status = 'running' limit 1`));
  if (running) throw new AppError('CONFLICT', SYNC_USERS_ALREADY_RUNNING);
  const [total] = rowsOf<{ n: number }>(
    await t.execute(sql`select count(*)::int as n from "user" u join profiles p on p.id = u.id`),
  );
  const [row] = rowsOf<RunRow>(
    await t.execute(sql`
      insert into crm_sync_runs (force_update, started_by, page_size, total, counts, has_more)
      values (${input.forceUpdate}, ${input.startedBy}, ${SYNC_USERS_PAGE_SIZE}, ${total?.n ?? 0},
        ${JSON.stringify(EMPTY_COUNTS)}::jsonb, ${(total?.n ?? 0) > 0})
      returning ${RUN_COLUMNS}`),
  );
  await jobs.enqueue({ name: SYNC_USERS_JOB, key: `${SYNC_USERS_JOB}:${row!.id}`, payload: { runId: row!.id } }, t);
  return runJson(row!);
}

type UserRow = {
  id: string;
  email: string;
  email_verified: boolean;
  first_name: string | null;
  last_name: string | null;
  mobile_number: string | null;
  company_name: string | null;
  profession: string | null;
  marketing_opt_in: boolean;
  lead_source: string | null;
};

/** Takes the contact for this sync unless a queued change for it is waiting or being sent. */
async function claimForSync(crm: Crm, user: UserRow, properties: Record<string, string>): Promise<number | null> {
  return crm.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('crm-claim'))`);
    const subjectKey = subjectKeyOf(user.email);
    const [busy] = rowsOf(
      await tx.execute(sql`
        select 1 from hubspot_sync_queue where subject_key = ${subjectKey}
          and (status = 'pending' or (status = 'processing' and locked_at > now() - interval '5 minutes')) limit 1`),
    );
    if (busy) return null;
    const [row] = rowsOf<{ id: string | number }>(
      await tx.execute(sql`
        insert into hubspot_sync_queue (user_id, subject_key, sync_type, status, payload, max_retries, locked_by, locked_at)
        values (${user.id}, ${subjectKey}, 'user_sync', 'processing', ${JSON.stringify({ properties })}::jsonb, 0,
          ${crm.workerId}, now())
        returning id`),
    );
    return Number(row!.id);
  });
}

/** One user: search by e-mail, then create, leave or (forced) update. */
export async function syncOneUser(crm: Crm, user: UserRow, forceUpdate: boolean): Promise<SyncUsersResultRow> {
  const email = user.email.toLowerCase();
  const base = { email, hubspotId: null, error: null, reason: null };
  if (!user.email_verified) return { ...base, status: 'skipped', reason: 'E-mail address not verified' };
  const api = crm.api;
  if (!api) return { ...base, status: 'error', error: crm.whatToSet };
  const properties = profileProperties({
    userId: user.id,
    email,
    firstName: user.first_name,
    lastName: user.last_name,
    mobileNumber: user.mobile_number,
    companyName: user.company_name,
    profession: user.profession,
    marketingOptIn: user.marketing_opt_in,
    leadSource: user.lead_source,
  });
  const itemId = await claimForSync(crm, user, properties);
  if (itemId === null)
    return { ...base, status: 'skipped', reason: 'A change for this contact is waiting in the queue' };
  const started = performance.now();
  let row: SyncUsersResultRow;
  try {
    const found = await api.findContactByEmail(email);
    if (found && forceUpdate) {
      await api.updateContact(found.id, properties);
      row = { ...base, status: 'updated', hubspotId: found.id };
    } else if (found) {
      row = { ...base, status: 'exists', hubspotId: found.id, reason: 'Already in HubSpot' };
    } else {
      const made = await api.createContact(properties);
      row = { ...base, status: made.existed ? 'exists' : 'created', hubspotId: made.id };
    }
  } catch (err) {
    row = { ...base, status: 'error', error: describeFailure(err, '').message };
  }
  const ms = Math.round(performance.now() - started);
  await crm.db.transaction(async (tx) => {
    await tx.execute(sql`
      update hubspot_sync_queue set status = ${row.status === 'error' ? 'failed' : 'completed'}, processed_at = now(),
        processing_ms = ${ms}, hubspot_contact_id = ${row.hubspotId}, error_details = ${row.error},
        retry_count = ${row.status === 'error' ? 1 : 0}, locked_by = null, locked_at = null
      where id = ${itemId}`);
    if (row.hubspotId)
      await tx.execute(sql`
        update profiles set hubspot_contact_id = ${row.hubspotId}, hubspot_synced_at = now() where id = ${user.id}`);
  });
  return row;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The job: page after page until there are no more users, each page's progress committed. */
export async function runSyncUsers(
  crm: Crm,
  runId: string,
  step: <T>(work: (tx: Tx) => Promise<T>) => Promise<T>,
): Promise<void> {
  for (;;) {
    const [run] = rowsOf<RunRow>(
      await crm.db.execute(sql`select ${RUN_COLUMNS} from crm_sync_runs where id = ${runId}`),
    );
    if (run?.status !== 'running') return;
    if (!crm.enabled) {
      await crm.db.execute(sql`
        update crm_sync_runs set status = 'failed', error = ${crm.whatToSet}, finished_at = now() where id = ${runId}`);
      return;
    }
    const users = rowsOf<UserRow>(
      await crm.db.execute(sql`
        select u.id, u.email, u.email_verified, p.first_name, p.last_name, p.mobile_number, p.company_name, p.profession,
          p.marketing_opt_in, p.lead_source
        from "user" u join profiles p on p.id = u.id
        order by u.created_at, u.id offset ${run.page * run.page_size} limit ${run.page_size + 1}`),
    );
    const hasMore = users.length > run.page_size;
    const rows: SyncUsersResultRow[] = [];
    for (const user of users.slice(0, run.page_size)) rows.push(await syncOneUser(crm, user, run.force_update));
    const counts = { ...EMPTY_COUNTS, ...run.counts };
    for (const r of rows) counts[r.status] += 1;
    const results = [...run.results, ...rows].slice(0, SYNC_USERS_RESULT_ROWS);
    await step((tx) =>
      tx.execute(sql`
        update crm_sync_runs set page = page + 1, processed = processed + ${rows.length},
          counts = ${JSON.stringify(counts)}::jsonb, results = ${JSON.stringify(results)}::jsonb, has_more = ${hasMore},
          total = greatest(total, processed + ${rows.length}),
          ${hasMore ? sql`` : sql`status = 'completed', finished_at = now(),`} error = null
        where id = ${runId} and status = 'running'`),
    );
    if (!hasMore) {
      crm.logger.info('crm user sync finished', { runId, ...counts });
      return;
    }
    await sleep(crm.settings.syncUsersPauseMs);
  }
}
