/**
 * Open Banking on the server (issue 32, ADR 0067): the provider built once per configuration,
 * consent states bound to the session, connections read for the saver (never with a token), and
 * the sync job: refresh the token when due, read each linked account's balance and new
 * transactions, import them without duplicates (the provider's id, then the import's rule), and
 * record the bank's balance as a balance statement (ADR 0022). The saver's own entries are never
 * touched. HTTP calls run between short transactions, never inside one.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Connection } from '../../core/open-banking/api-types.ts';
import {
  connectionStatus,
  consentExpiry,
  maySync,
  mayRunUnattended,
  type StoredConnectionStatus,
  withUnattendedSync,
} from '../../core/open-banking/rules.ts';
import { calendarDateInLondon } from '../../core/dates/calendar-date.ts';
import { duplicateKey } from '../../core/transaction-import/duplicates.ts';
import { inferTransactionType } from '../../core/transaction-import/rows.ts';
import { publishAccountChanged } from '../accounts/account-events.ts';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Tx } from '../db/client.ts';
import { rowsOf } from '../db/rls.ts';
import {
  accounts,
  openBankingAccounts,
  openBankingConnections,
  openBankingOauthStates,
  transactions,
} from '../db/schema/index.ts';
import type { JobRunner, SteppedJobContext } from '../jobs/runner.ts';
import { timeOrderedId } from '../transactions/time-ordered-id.ts';
import { errorFields, type Logger } from '../logger.ts';
import { type OpenBankingProvider, ProviderError, type ProviderTokens } from './provider.ts';
import { type OpenBankingSettings, openBankingSettings } from './settings.ts';
import { decryptToken, encryptToken } from './token-crypto.ts';
import { createTrueLayerProvider, type HttpOptions } from './truelayer.ts';

export const SYNC_JOB = 'open-banking:sync';
export const SCHEDULE_JOB = 'open-banking:schedule';
/** How often the scheduler looks for consents due an unattended sync. */
export const SCHEDULE_EVERY_SECONDS = 15 * 60;
/** A consent state lives this long: the saver is at their bank meanwhile. */
export const STATE_TTL_MS = 10 * 60 * 1000;
/** The first sync reads this far back; later ones from a week before the last good one. */
export const FIRST_SYNC_DAYS = 90;
const OVERLAP_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;
/** A token this close to its end is refreshed before use. */
const REFRESH_MARGIN_MS = 60 * 1000;

export type OpenBanking =
  | { enabled: false; missing: string[] }
  | { enabled: true; settings: OpenBankingSettings; provider: OpenBankingProvider };

const built = new WeakMap<object, OpenBanking>();

/** The feature for this configuration, built once (the provider's pace is shared by routes and jobs). */
export function openBankingFor(config: Config, http?: HttpOptions): OpenBanking {
  const found = built.get(config);
  if (found) return found;
  const read = openBankingSettings(config);
  const made: OpenBanking = read.enabled
    ? { enabled: true, settings: read.settings, provider: createTrueLayerProvider(read.settings, http) }
    : read;
  built.set(config, made);
  return made;
}

// ---- consent states ----------------------------------------------------------------------------

export function hashState(state: string): string {
  return createHash('sha256').update(state).digest('hex');
}

/** A new single-use state for this session; only its hash is stored. */
export async function createState(
  tx: Tx,
  input: {
    userId: string;
    sessionId: string;
    bankId: string;
    connectionId?: string;
    fromAccountId?: string;
    now: Date;
  },
): Promise<string> {
  const state = randomBytes(32).toString('base64url');
  await tx.insert(openBankingOauthStates).values({
    stateHash: hashState(state),
    userId: input.userId,
    sessionId: input.sessionId,
    bankId: input.bankId,
    connectionId: input.connectionId ?? null,
    fromAccountId: input.fromAccountId ?? null,
    expiresAt: new Date(input.now.getTime() + STATE_TTL_MS),
  });
  return state;
}

export type UsedState = { bankId: string; connectionId: string | null; fromAccountId: string | null };

/**
 * Uses the state once: only in the session that made it, before it expires. Anything else (another
 * session, another user, used already, expired, unknown) is null.
 */
export async function consumeState(
  tx: Tx,
  input: { state: string; userId: string; sessionId: string; now: Date },
): Promise<UsedState | null> {
  const [row] = await tx
    .update(openBankingOauthStates)
    .set({ usedAt: input.now })
    .where(
      and(
        eq(openBankingOauthStates.stateHash, hashState(input.state)),
        eq(openBankingOauthStates.userId, input.userId),
        eq(openBankingOauthStates.sessionId, input.sessionId),
        isNull(openBankingOauthStates.usedAt),
        gte(openBankingOauthStates.expiresAt, input.now),
      ),
    )
    .returning({
      bankId: openBankingOauthStates.bankId,
      connectionId: openBankingOauthStates.connectionId,
      fromAccountId: openBankingOauthStates.fromAccountId,
    });
  return row ?? null;
}

// ---- tokens --------------------------------------------------------------------------------------

export function sealTokens(settings: OpenBankingSettings, connectionId: string, tokens: ProviderTokens) {
  return {
    accessTokenEnc: encryptToken(settings.keyring, tokens.accessToken, `${connectionId}:access`),
    refreshTokenEnc: tokens.refreshToken
      ? encryptToken(settings.keyring, tokens.refreshToken, `${connectionId}:refresh`)
      : null,
    accessTokenExpiresAt: tokens.accessTokenExpiresAt,
  };
}

type SealedRow = {
  id: string;
  accessTokenEnc: string | null;
  refreshTokenEnc: string | null;
  accessTokenExpiresAt: Date | null;
};

export function openTokens(settings: OpenBankingSettings, row: SealedRow): ProviderTokens | null {
  if (!row.accessTokenEnc) return null;
  return {
    accessToken: decryptToken(settings.keyring, row.accessTokenEnc, `${row.id}:access`),
    refreshToken: row.refreshTokenEnc ? decryptToken(settings.keyring, row.refreshTokenEnc, `${row.id}:refresh`) : null,
    accessTokenExpiresAt: row.accessTokenExpiresAt ?? new Date(0),
  };
}

// ---- reads ---------------------------------------------------------------------------------------

/** The saver's connections as the API shows them: every column but the tokens. */
export async function readConnections(tx: Tx, userId: string, now: Date, only?: string): Promise<Connection[]> {
  const rows = await tx
    .select({
      id: openBankingConnections.id,
      bankId: openBankingConnections.bankId,
      bankName: openBankingConnections.bankName,
      status: openBankingConnections.status,
      consentExpiresAt: openBankingConnections.consentExpiresAt,
      lastSyncedAt: openBankingConnections.lastSyncedAt,
      lastSyncError: openBankingConnections.lastSyncError,
      fromAccountId: openBankingConnections.fromAccountId,
      createdAt: openBankingConnections.createdAt,
    })
    .from(openBankingConnections)
    .where(
      and(
        eq(openBankingConnections.userId, userId),
        only === undefined ? undefined : eq(openBankingConnections.id, only),
      ),
    )
    .orderBy(openBankingConnections.createdAt, openBankingConnections.id);
  if (rows.length === 0) return [];
  const shared = await tx
    .select({
      connectionId: openBankingAccounts.connectionId,
      providerAccountId: openBankingAccounts.providerAccountId,
      displayName: openBankingAccounts.displayName,
      accountNumberMasked: openBankingAccounts.accountNumberMasked,
      type: openBankingAccounts.accountType,
      currency: openBankingAccounts.currency,
      balancePence: openBankingAccounts.balancePence,
      linkedAccountId: openBankingAccounts.linkedAccountId,
    })
    .from(openBankingAccounts)
    .where(
      inArray(
        openBankingAccounts.connectionId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(openBankingAccounts.createdAt, openBankingAccounts.providerAccountId);
  return rows.map((r) => ({
    id: r.id,
    bankId: r.bankId,
    bankName: r.bankName,
    status: connectionStatus(r.status as StoredConnectionStatus, r.consentExpiresAt, now),
    consentExpiresAt: r.consentExpiresAt.toISOString(),
    reconfirmBy: r.consentExpiresAt.toISOString(),
    lastSyncedAt: r.lastSyncedAt?.toISOString() ?? null,
    lastSyncError: r.lastSyncError,
    fromAccountId: r.fromAccountId,
    accounts: shared.filter((a) => a.connectionId === r.id).map(({ connectionId: _, ...a }) => a),
  }));
}

// ---- the sync ------------------------------------------------------------------------------------

export type SyncPayload = { connectionId: string; unattended?: boolean };

/** Plain words for a failed sync, shown on the connection. */
export function syncErrorText(err: unknown): string {
  if (err instanceof ProviderError) {
    switch (err.kind) {
      case 'expired':
        return 'Your consent has expired: reconnect to keep your balances current';
      case 'revoked':
        return 'Your bank says access was withdrawn: reconnect to keep your balances current';
      case 'rate_limited':
        return 'Your bank asked us to slow down: we will try again shortly';
      case 'unavailable':
        return "Your bank's connection service did not answer: we will try again";
      default:
        return 'Your bank sent something we could not read: we will try again';
    }
  }
  return 'The sync failed: we will try again';
}

type LinkedRow = { providerAccountId: string; linkedAccountId: string | null; openBankingAccountId: string };

/** Imports one account's transactions: new provider ids only, then not what the import rule calls a duplicate. */
async function importTransactions(
  tx: Tx,
  userId: string,
  accountId: string,
  found: readonly { providerTransactionId: string; date: string; amountPence: number; description: string }[],
): Promise<number> {
  if (found.length === 0) return 0;
  const dates = found.map((t) => t.date).sort();
  const existing = await tx
    .select({
      date: transactions.date,
      amountPence: transactions.amountPence,
      notes: transactions.notes,
      providerTransactionId: transactions.providerTransactionId,
    })
    .from(transactions)
    .where(
      and(
        eq(transactions.accountId, accountId),
        gte(transactions.date, dates[0]!),
        lte(transactions.date, dates.at(-1)!),
      ),
    );
  const knownIds = new Set(existing.flatMap((t) => (t.providerTransactionId ? [t.providerTransactionId] : [])));
  // The saver's own entries (typed or imported from a file) that the bank's rows would repeat.
  const ownKeys = new Set(existing.filter((t) => t.providerTransactionId === null).map((t) => duplicateKey(t)));
  const adding = found.filter((t) => {
    if (knownIds.has(t.providerTransactionId)) return false;
    knownIds.add(t.providerTransactionId);
    return !ownKeys.has(duplicateKey({ date: t.date, amountPence: t.amountPence, notes: t.description || null }));
  });
  for (let start = 0; start < adding.length; start += 500) {
    await tx
      .insert(transactions)
      .values(
        adding.slice(start, start + 500).map((t) => {
          const notes = t.description.trim() ? t.description.trim() : null;
          return {
            id: timeOrderedId(),
            accountId,
            userId,
            date: t.date,
            amountPence: t.amountPence,
            type: inferTransactionType(t.amountPence, notes),
            notes,
            providerTransactionId: t.providerTransactionId,
          };
        }),
      )
      .onConflictDoNothing();
  }
  return adding.length;
}

/**
 * Runs one sync of one connection. Unattended syncs stop at four a day (UK rules); a saver's
 * request is always allowed. Every outcome is written to the connection.
 */
export async function syncConnection(
  ctx: Pick<SteppedJobContext<SyncPayload>, 'step' | 'payload'> & { userId: string },
  deps: { openBanking: OpenBanking; clock: Clock; logger: Logger },
): Promise<'synced' | 'skipped' | 'failed'> {
  const { openBanking, clock, logger } = deps;
  if (!openBanking.enabled) return 'skipped';
  const { settings, provider } = openBanking;
  const { connectionId, unattended = false } = ctx.payload;
  const now = clock.now();

  const loaded = await ctx.step(async (tx) => {
    const [row] = await tx
      .select()
      .from(openBankingConnections)
      .where(and(eq(openBankingConnections.id, connectionId), eq(openBankingConnections.userId, ctx.userId)));
    if (!row) return null;
    if (!maySync(row.status, row.consentExpiresAt, now)) return null;
    if (unattended && !mayRunUnattended(row.unattendedSyncs, now)) return null;
    const linked = await tx
      .select({
        providerAccountId: openBankingAccounts.providerAccountId,
        linkedAccountId: openBankingAccounts.linkedAccountId,
        openBankingAccountId: openBankingAccounts.id,
      })
      .from(openBankingAccounts)
      .leftJoin(accounts, eq(accounts.id, openBankingAccounts.linkedAccountId))
      .where(and(eq(openBankingAccounts.connectionId, connectionId), isNull(accounts.archivedAt)));
    return { row, linked: linked as LinkedRow[] };
  });
  if (!loaded) return 'skipped';
  const { row, linked } = loaded;

  try {
    let tokens = openTokens(settings, row);
    if (!tokens) return 'skipped';
    if (tokens.accessTokenExpiresAt.getTime() - REFRESH_MARGIN_MS <= clock.now().getTime()) {
      if (!tokens.refreshToken) throw new ProviderError('expired', 'No refresh token');
      tokens = await provider.refresh(tokens.refreshToken);
      const sealed = sealTokens(settings, connectionId, tokens);
      // Stored at once: the provider may have rotated the refresh token.
      await ctx.step((tx) =>
        tx.update(openBankingConnections).set(sealed).where(eq(openBankingConnections.id, connectionId)),
      );
    }
    const from = new Date(
      row.lastSyncedAt ? row.lastSyncedAt.getTime() - OVERLAP_DAYS * DAY_MS : now.getTime() - FIRST_SYNC_DAYS * DAY_MS,
    );
    const results: {
      link: LinkedRow;
      balance: number;
      found: Awaited<ReturnType<OpenBankingProvider['transactions']>>;
    }[] = [];
    for (const link of linked) {
      const balance = await provider.balance(tokens.accessToken, link.providerAccountId);
      const found = link.linkedAccountId
        ? await provider.transactions(tokens.accessToken, link.providerAccountId, from, now)
        : [];
      results.push({ link, balance: balance.currentPence, found });
    }
    const today = calendarDateInLondon(now);
    await ctx.step(async (tx) => {
      const changed: string[] = [];
      for (const { link, balance, found } of results) {
        await tx
          .update(openBankingAccounts)
          .set({ balancePence: balance, balanceAt: now })
          .where(eq(openBankingAccounts.id, link.openBankingAccountId));
        const accountId = link.linkedAccountId;
        if (!accountId) continue;
        const [account] = await tx
          .select({ id: accounts.id })
          .from(accounts)
          .where(and(eq(accounts.id, accountId), eq(accounts.userId, ctx.userId), isNull(accounts.archivedAt)))
          .for('update');
        if (!account) continue;
        const imported = await importTransactions(
          tx,
          ctx.userId,
          accountId,
          found.filter((t) => t.date <= today),
        );
        const [after] = await tx
          .select({ balancePence: accounts.balancePence })
          .from(accounts)
          .where(eq(accounts.id, accountId));
        if (after && after.balancePence !== balance) {
          // The bank's figure, recorded after today's imported entries: the balance is exactly it (ADR 0022).
          await tx.insert(transactions).values({
            id: timeOrderedId(),
            accountId,
            userId: ctx.userId,
            date: today,
            amountPence: balance,
            type: 'balance_update',
            notes: `Balance reported by ${row.bankName}`,
            createdAt: sql`clock_timestamp()`,
          });
        }
        if (imported > 0 || (after && after.balancePence !== balance)) changed.push(accountId);
      }
      await tx
        .update(openBankingConnections)
        .set({
          status: 'active',
          lastSyncedAt: now,
          lastSyncAttemptAt: now,
          lastSyncError: null,
          updatedAt: now,
          ...(unattended ? { unattendedSyncs: withUnattendedSync(row.unattendedSyncs, now) } : {}),
        })
        .where(eq(openBankingConnections.id, connectionId));
      if (changed.length > 0) await publishAccountChanged(tx, ctx.userId, changed);
    });
    return 'synced';
  } catch (err) {
    const kind = err instanceof ProviderError ? err.kind : null;
    logger.warn('open banking sync failed', {
      connectionId,
      kind: kind ?? 'internal',
      ...(kind ? {} : errorFields(err)),
    });
    const ended = kind === 'expired' || kind === 'revoked';
    await ctx.step((tx) =>
      tx
        .update(openBankingConnections)
        .set({
          status: kind === 'expired' ? 'expired' : kind === 'revoked' ? 'revoked' : 'error',
          lastSyncAttemptAt: now,
          lastSyncError: syncErrorText(err),
          updatedAt: now,
          ...(ended ? { accessTokenEnc: null, refreshTokenEnc: null, accessTokenExpiresAt: null } : {}),
          ...(unattended ? { unattendedSyncs: withUnattendedSync(row.unattendedSyncs, now) } : {}),
        })
        .where(eq(openBankingConnections.id, connectionId)),
    );
    return 'failed';
  }
}

/** The scheduler's unattended sync of a connection: one per scheduler slot, however many instances queue it. */
export async function enqueueSync(
  jobs: JobRunner,
  input: { connectionId: string; userId: string; now: Date },
): Promise<boolean> {
  const slot = Math.floor(input.now.getTime() / (SCHEDULE_EVERY_SECONDS * 1000));
  return jobs.enqueue({
    name: SYNC_JOB,
    key: `${SYNC_JOB}:${input.connectionId}:auto:${slot}`,
    userId: input.userId,
    payload: { connectionId: input.connectionId, unattended: true },
    maxAttempts: 3,
  });
}

/**
 * A saver's sync (Sync now, a first sync after linking, a renewed consent): queued unless a sync
 * of this connection is waiting or running already (false, nothing queued). Call with the
 * connection's row locked (`ownConnection`), so two requests at once queue one sync between them.
 * `tx` is the request's transaction as the login role (`asLoginRole`): the job commits with it.
 */
export async function enqueueSaverSync(
  jobs: JobRunner,
  tx: Tx,
  input: { connectionId: string; userId: string },
): Promise<boolean> {
  const waiting = rowsOf(
    await tx.execute(sql`
      select 1 from jobs
      where name = ${SYNC_JOB} and status in ('pending', 'running') and user_id = ${input.userId}
        and payload->>'connectionId' = ${input.connectionId}
      limit 1`),
  );
  if (waiting.length > 0) return false;
  return jobs.enqueue(
    {
      name: SYNC_JOB,
      // Unique: a saver may ask again as soon as the last one has finished.
      key: `${SYNC_JOB}:${input.connectionId}:demand:${randomUUID()}`,
      userId: input.userId,
      payload: { connectionId: input.connectionId, unattended: false },
      maxAttempts: 3,
    },
    tx,
  );
}

/** The consents due an unattended sync: running, none in the last six hours, under four today. */
export async function dueConnections(tx: Tx, now: Date, limit = 1000): Promise<{ id: string; user_id: string }[]> {
  return rowsOf<{ id: string; user_id: string }>(
    await tx.execute(sql`
      select id, user_id from open_banking_connections
      where status in ('active', 'error') and consent_expires_at > ${now.toISOString()}::timestamptz
        and access_token_enc is not null
        and (last_sync_attempt_at is null or last_sync_attempt_at <= ${now.toISOString()}::timestamptz - interval '6 hours')
        and (select count(*) from unnest(unattended_syncs) s where s > ${now.toISOString()}::timestamptz - interval '1 day') < 4
        and exists (select 1 from open_banking_accounts a where a.connection_id = open_banking_connections.id and a.linked_account_id is not null)
      order by last_sync_attempt_at nulls first, id
      limit ${limit}`),
  );
}

/** Registers the sync job and the scheduler that queues unattended syncs (boot.ts). */
export async function scheduleOpenBankingSync(
  jobs: JobRunner,
  deps: { config: Config; clock: Clock; logger: Logger },
): Promise<void> {
  const openBanking = openBankingFor(deps.config);
  jobs.registerInSteps<SyncPayload>(SYNC_JOB, async ({ step, payload, userId }) => {
    if (!userId) return;
    await syncConnection({ step, payload, userId }, { openBanking, clock: deps.clock, logger: deps.logger });
  });
  jobs.registerInSteps(SCHEDULE_JOB, async ({ step }) => {
    if (!openBanking.enabled) return;
    const now = deps.clock.now();
    const due = await step((tx) => dueConnections(tx, now));
    for (const c of due) await enqueueSync(jobs, { connectionId: c.id, userId: c.user_id, now });
  });
  if (openBanking.enabled) await jobs.schedule(SCHEDULE_JOB, SCHEDULE_EVERY_SECONDS);
}

/** A new or renewed consent's dates. */
export function consentDates(now: Date) {
  return { consentCreatedAt: now, consentExpiresAt: consentExpiry(now) };
}
