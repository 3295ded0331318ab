/**
 * Open Banking's API (issue 32, ADR 0067): the status, the banks the provider connects, a consent
 * started and finished (the callback), the bank accounts linked to SavvyPig accounts, a sync on
 * demand, a reconnection, and a disconnection. New use needs the `openBanking` feature (Big Pig,
 * or an admin's grant); reading one's connections and disconnecting never do. No answer carries a
 * token: tokens are decrypted only inside the sync and the callback.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { canAddAccount, accountLimitMessage } from '../../core/accounts/account-cap.ts';
import {
  AuthorisationSchema,
  type CallbackError,
  DisconnectResultSchema,
  LinkAccountsResultSchema,
  LinkAccountsSchema,
  OPEN_BANKING_MESSAGES,
  OPEN_BANKING_PAGE,
  OpenBankingBanksSchema,
  OpenBankingStatusSchema,
  StartConnectionSchema,
  SAVER_SYNCS_PER_HOUR,
  type SyncJob,
  SyncJobSchema,
  openBankingLinkPage,
} from '../../core/open-banking/api-types.ts';
import { INSTITUTION_NAMES, providerInstitutionFor } from '../../core/open-banking/institutions.ts';
import { maySync } from '../../core/open-banking/rules.ts';
import { accountsContext, insertAccount, lockAccountCreation } from '../accounts/queries.ts';
import type { Tx } from '../db/client.ts';
import { asLoginRole } from '../db/login-role.ts';
import { accounts, bankReferences, openBankingAccounts, openBankingConnections } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import { sessionOf, txOf } from '../http/access.ts';
import type { AppEnv, Deps } from '../http/context.ts';
import { requireFeature } from '../http/require-tier.ts';
import { createRouter, defineRoute, z } from '../http/route.ts';
import { takeThrottle, throttleRefusal } from '../http/throttle.ts';
import { ProviderError } from './provider.ts';
import {
  consentDates,
  consumeState,
  createState,
  enqueueSaverSync,
  type OpenBanking,
  openBankingFor,
  openTokens,
  readConnections,
  sealTokens,
} from './service.ts';

const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

const IdParams = z.object({
  id: z.uuid(OPEN_BANKING_MESSAGES.notFound).openapi({ param: { name: 'id', in: 'path' } }),
});

const CallbackQuery = z.object({
  code: z.string().max(2000).optional(),
  state: z.string().max(200).optional(),
  error: z.string().max(200).optional(),
});

type EnabledOpenBanking = Extract<OpenBanking, { enabled: true }>;

function enabledOrRefuse(openBanking: OpenBanking): EnabledOpenBanking {
  if (!openBanking.enabled) throw new AppError('NOT_FOUND', OPEN_BANKING_MESSAGES.disabled);
  return openBanking;
}

/** The banks of our reference data the provider connects, by name. */
async function connectableBanks(tx: Tx) {
  const rows = await tx
    .select({ id: bankReferences.id, bankName: bankReferences.bankName, frn: bankReferences.bankFrn })
    .from(bankReferences)
    .where(
      and(
        eq(bankReferences.isActive, true),
        sql`lower(${bankReferences.bankName}) in (${sql.join(
          INSTITUTION_NAMES.map((n) => sql`${n}`),
          sql`, `,
        )})`,
      ),
    )
    .orderBy(bankReferences.bankName);
  return rows.flatMap((r) => {
    const providerInstitutionId = providerInstitutionFor(r.bankName, r.frn);
    return providerInstitutionId ? [{ bankId: r.id, bankName: r.bankName, providerInstitutionId }] : [];
  });
}

async function connectableBank(tx: Tx, bankId: string) {
  const bank = (await connectableBanks(tx)).find((b) => b.bankId === bankId);
  if (!bank) throw new AppError('VALIDATION_FAILED', OPEN_BANKING_MESSAGES.bankNotSupported, { field: 'bankId' });
  return bank;
}

/** One of the user's connections with its stored row (tokens still sealed), or 404. */
async function ownConnection(tx: Tx, userId: string, id: string) {
  const [row] = await tx
    .select()
    .from(openBankingConnections)
    .where(and(eq(openBankingConnections.id, id), eq(openBankingConnections.userId, userId)))
    .for('update');
  if (!row) throw new AppError('NOT_FOUND', OPEN_BANKING_MESSAGES.notFound);
  return row;
}

type Ctx = Context<AppEnv>;

export function openBankingRoutes(deps: Deps) {
  const app = createRouter();
  const openBanking = () => openBankingFor(deps.config);
  /** The request's transaction and signed-in saver. */
  const saverOf = (c: Ctx) => ({ tx: txOf(c), session: sessionOf(c) });
  /** New use: the plan includes Open Banking (else 403) and it is switched on (else 404). */
  const forNewUse = (c: Ctx) => {
    requireFeature(sessionOf(c), 'openBanking', OPEN_BANKING_MESSAGES.needsBigPig);
    return { ob: enabledOrRefuse(openBanking()), ...saverOf(c) };
  };
  /** Adds one of the saver's connections, its row locked for this request (404 for anyone else's). */
  const withConnection = async <T extends ReturnType<typeof saverOf>>(asked: T, id: string) => ({
    ...asked,
    row: await ownConnection(asked.tx, asked.session.userId, id),
  });
  /** A saver's sync of the connection, queued with this request (the connection's row is locked). */
  const queueSync = async (tx: Tx, userId: string, connectionId: string): Promise<SyncJob> => {
    const queued = await asLoginRole(tx, (t) => enqueueSaverSync(deps.jobs, t, { connectionId, userId }));
    return { status: queued ? 'queued' : 'already_queued' };
  };
  /** A new consent state for this session, and the bank's consent page that carries it. */
  const consentPage = async (
    { ob, tx, session }: ReturnType<typeof forNewUse>,
    bank: { bankId: string; providerInstitutionId: string },
    from: { connectionId?: string; fromAccountId?: string },
  ) => {
    const state = await createState(tx, {
      userId: session.userId,
      sessionId: session.sessionId,
      bankId: bank.bankId,
      ...from,
      now: deps.clock.now(),
    });
    return {
      authorisationUrl: ob.provider.authorisationUrl({ state, providerInstitutionId: bank.providerInstitutionId }),
    };
  };
  const connectionOf = async (tx: Tx, userId: string, id: string) => {
    const [connection] = await readConnections(tx, userId, deps.clock.now(), id);
    if (!connection) throw new AppError('NOT_FOUND', OPEN_BANKING_MESSAGES.notFound);
    return connection;
  };

  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      method: 'get',
      path: '/api/open-banking/status',
      summary: "Whether Open Banking is switched on (else the settings to set) and the saver's connections",
      description: 'Never carries a token. Reading one’s own connections needs no plan.',
      responses: { 200: json(OpenBankingStatusSchema, 'The status') },
    }),
    async (c) => {
      const ob = openBanking();
      const { tx, session } = saverOf(c);
      const connections = await readConnections(tx, session.userId, deps.clock.now());
      return c.json({ enabled: ob.enabled, missingSettings: ob.enabled ? [] : ob.missing, connections }, 200);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      method: 'get',
      path: '/api/open-banking/banks',
      summary: 'The banks of our reference data that can be connected through Open Banking',
      responses: {
        200: json(OpenBankingBanksSchema, 'The banks, by name'),
        403: { description: 'FORBIDDEN: the plan has no Open Banking' },
        404: { description: 'NOT_FOUND: Open Banking is not switched on' },
      },
    }),
    async (c) => {
      const { tx } = forNewUse(c);
      return c.json(await connectableBanks(tx), 200);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      method: 'post',
      path: '/api/open-banking/connections',
      summary: "Start connecting a bank: the address of the bank's consent page",
      description:
        'The `state` in the address is single use, bound to this session and valid for 10 minutes; only its hash is stored.',
      request: { body: { content: { 'application/json': { schema: StartConnectionSchema } }, required: true } },
      responses: {
        200: json(AuthorisationSchema, "The bank's consent page"),
        403: { description: 'FORBIDDEN: the plan has no Open Banking' },
        404: { description: 'NOT_FOUND: Open Banking is not switched on, or the account is not found' },
      },
    }),
    async (c) => {
      const asked = forNewUse(c);
      const { tx, session } = asked;
      const { bankId, accountId } = c.req.valid('json');
      const bank = await connectableBank(tx, bankId);
      if (accountId) {
        const [own] = await tx
          .select({ id: accounts.id })
          .from(accounts)
          .where(and(eq(accounts.id, accountId), eq(accounts.userId, session.userId), isNull(accounts.archivedAt)));
        if (!own) throw new AppError('NOT_FOUND', OPEN_BANKING_MESSAGES.accountNotFound);
      }
      return c.json(await consentPage(asked, bank, { fromAccountId: accountId }), 200);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      method: 'get',
      path: '/api/open-banking/callback',
      summary:
        "Where the bank's consent comes back: exchanges the code, keeps the tokens encrypted, reads the accounts",
      description:
        'Redirects (302) to the page that links the bank accounts, or to /open-banking?error=denied|state|provider|disabled. The state must be this session’s, unused and unexpired.',
      request: { query: CallbackQuery },
      responses: { 302: { description: 'To the link page, or back with the reason' } },
    }),
    async (c) => {
      const back = (error: CallbackError) => c.redirect(`${OPEN_BANKING_PAGE}?error=${error}`, 302);
      const ob = openBanking();
      if (!ob.enabled) return back('disabled');
      const { tx, session } = saverOf(c);
      const { code, state, error } = c.req.valid('query');
      if (!state) return back('state');
      const now = deps.clock.now();
      const used = await consumeState(tx, { state, userId: session.userId, sessionId: session.sessionId, now });
      if (!used) return back('state');
      if (error || !code) return back('denied');
      if (!session.features.openBanking) return back('denied');
      let connectionId = used.connectionId;
      try {
        const tokens = await ob.provider.exchangeCode(code);
        const shared = await ob.provider.accounts(tokens.accessToken);
        if (connectionId) {
          await ownConnection(tx, session.userId, connectionId);
          await tx
            .update(openBankingConnections)
            .set({
              ...sealTokens(ob.settings, connectionId, tokens),
              ...consentDates(now),
              status: 'active',
              lastSyncError: null,
              revokedAt: null,
              updatedAt: now,
            })
            .where(eq(openBankingConnections.id, connectionId));
        } else {
          const bank = await connectableBank(tx, used.bankId);
          connectionId = randomUUID();
          await tx.insert(openBankingConnections).values({
            id: connectionId,
            userId: session.userId,
            bankId: bank.bankId,
            bankName: bank.bankName,
            providerInstitutionId: bank.providerInstitutionId,
            ...sealTokens(ob.settings, connectionId, tokens),
            ...consentDates(now),
            fromAccountId: used.fromAccountId,
          });
        }
        if (shared.length > 0) {
          await tx
            .insert(openBankingAccounts)
            .values(
              shared.map((a) => ({ ...a, accountType: a.type, connectionId: connectionId!, userId: session.userId })),
            )
            .onConflictDoUpdate({
              target: [openBankingAccounts.connectionId, openBankingAccounts.providerAccountId],
              set: {
                displayName: sql`excluded.display_name`,
                accountNumberMasked: sql`excluded.account_number_masked`,
                accountType: sql`excluded.account_type`,
              },
            });
        }
        if (used.connectionId) await queueSync(tx, session.userId, used.connectionId);
      } catch (err) {
        if (!(err instanceof ProviderError)) throw err;
        c.get('logger').warn('open banking consent failed', { kind: err.kind });
        return back(err.kind === 'denied' ? 'denied' : 'provider');
      }
      return c.redirect(openBankingLinkPage(connectionId), 302);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      method: 'post',
      path: '/api/open-banking/connections/{id}/links',
      summary: 'Link bank accounts to SavvyPig accounts (existing, or new with the bank and licence known)',
      description: 'All or nothing. Then a first sync is queued.',
      request: {
        params: IdParams,
        body: { content: { 'application/json': { schema: LinkAccountsSchema } }, required: true },
      },
      responses: {
        200: json(LinkAccountsResultSchema, 'The connection as it now stands, and the sync queued'),
        403: { description: 'FORBIDDEN, or ACCOUNT_LIMIT_REACHED for a new account over the cap' },
        404: { description: 'NOT_FOUND: the connection or an account' },
        409: { description: 'CONFLICT: the consent has ended, or an account is linked elsewhere already' },
      },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const { links } = c.req.valid('json');
      const { tx, session, row } = await withConnection(forNewUse(c), id);
      const now = deps.clock.now();
      if (!maySync(row.status, row.consentExpiresAt, now))
        throw new AppError('CONFLICT', OPEN_BANKING_MESSAGES.notConnected);
      const shared = await tx.select().from(openBankingAccounts).where(eq(openBankingAccounts.connectionId, id));
      const seen = new Set<string>();
      const targets = new Set<string>();
      for (const link of links) {
        if (!shared.some((a) => a.providerAccountId === link.providerAccountId))
          throw new AppError('VALIDATION_FAILED', OPEN_BANKING_MESSAGES.providerAccountNotFound, { field: 'links' });
        if (seen.has(link.providerAccountId))
          throw new AppError('VALIDATION_FAILED', OPEN_BANKING_MESSAGES.linkTwice, { field: 'links' });
        seen.add(link.providerAccountId);
        if ('accountId' in link) {
          if (targets.has(link.accountId))
            throw new AppError('VALIDATION_FAILED', OPEN_BANKING_MESSAGES.accountAlreadyLinked, { field: 'links' });
          targets.add(link.accountId);
        }
      }
      const existingIds = [...targets];
      if (existingIds.length > 0) {
        const own = await tx
          .select({ id: accounts.id })
          .from(accounts)
          .where(
            and(inArray(accounts.id, existingIds), eq(accounts.userId, session.userId), isNull(accounts.archivedAt)),
          );
        if (own.length !== existingIds.length) throw new AppError('NOT_FOUND', OPEN_BANKING_MESSAGES.accountNotFound);
        // Linked to a bank account of another running consent (or another of this one's).
        const taken = await tx
          .select({
            providerAccountId: openBankingAccounts.providerAccountId,
            connectionId: openBankingAccounts.connectionId,
          })
          .from(openBankingAccounts)
          .innerJoin(openBankingConnections, eq(openBankingConnections.id, openBankingAccounts.connectionId))
          .where(
            and(
              inArray(openBankingAccounts.linkedAccountId, existingIds),
              inArray(openBankingConnections.status, ['active', 'error']),
            ),
          );
        const clash = taken.find(
          (t) => t.connectionId !== id || !links.some((l) => l.providerAccountId === t.providerAccountId),
        );
        if (clash) throw new AppError('CONFLICT', OPEN_BANKING_MESSAGES.accountAlreadyLinked);
      }
      const creating = links.filter((l) => 'create' in l);
      if (creating.length > 0) {
        await lockAccountCreation(tx, session.userId);
        const context = await accountsContext(tx, session.userId);
        const cap = session.features.accountCap;
        for (let n = 0; n < creating.length; n++) {
          if (!canAddAccount(context.accountCount + n, cap))
            throw new AppError('ACCOUNT_LIMIT_REACHED', accountLimitMessage(cap), { max: cap.max, source: cap.source });
        }
      }
      const [bank] = await tx
        .select({ bankingGroupId: bankReferences.bankingGroupId })
        .from(bankReferences)
        .where(eq(bankReferences.id, row.bankId));
      for (const link of links) {
        const account = shared.find((a) => a.providerAccountId === link.providerAccountId)!;
        const linkedAccountId =
          'accountId' in link
            ? link.accountId
            : await insertAccount(tx, session.userId, {
                name: link.create.name,
                bank: row.bankName,
                bankId: row.bankId,
                bankingGroupId: bank?.bankingGroupId ?? null,
                accountNumber: account.accountNumberMasked,
                accountType: 'Savings',
              });
        await tx.update(openBankingAccounts).set({ linkedAccountId }).where(eq(openBankingAccounts.id, account.id));
      }
      // Queued in this transaction: the job sees the links, or there is neither.
      const sync = await queueSync(tx, session.userId, id);
      return c.json({ connection: await connectionOf(tx, session.userId, id), sync }, 200);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      method: 'post',
      path: '/api/open-banking/connections/{id}/sync',
      summary: "Sync now: the saver's own request (beyond the four unattended syncs a day)",
      description: `Queued, unless a sync of this connection is waiting or running already (\`already_queued\`: its result is the one to wait for). At most ${SAVER_SYNCS_PER_HOUR} a saver an hour.`,
      request: { params: IdParams },
      responses: {
        202: json(SyncJobSchema, 'Queued, or one already waits or runs'),
        403: { description: 'FORBIDDEN: the plan has no Open Banking' },
        404: { description: 'NOT_FOUND: the connection' },
        409: { description: 'CONFLICT: the consent has ended: reconnect' },
        429: { description: `RATE_LIMITED: ${SAVER_SYNCS_PER_HOUR} syncs asked for in the hour already` },
      },
    }),
    async (c) => {
      const { tx, session, row } = await withConnection(forNewUse(c), c.req.valid('param').id);
      if (!maySync(row.status, row.consentExpiresAt, deps.clock.now()) || !row.accessTokenEnc)
        throw new AppError('CONFLICT', OPEN_BANKING_MESSAGES.needsReconnect);
      const sync = await queueSync(tx, session.userId, row.id);
      if (sync.status === 'queued') {
        // Counted only when a sync is queued: a refusal rolls the whole request back, the count with it.
        const throttle = await asLoginRole(tx, (t) =>
          takeThrottle(t, `open-banking-sync:${session.userId}`, SAVER_SYNCS_PER_HOUR, 3600),
        );
        if (!throttle.allowed) throw throttleRefusal('RATE_LIMITED', OPEN_BANKING_MESSAGES.tooManySyncs, throttle);
      }
      return c.json(sync, 202);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      method: 'post',
      path: '/api/open-banking/connections/{id}/reconnect',
      summary: "Reconfirm or renew a consent: the address of the bank's consent page",
      request: { params: IdParams },
      responses: {
        200: json(AuthorisationSchema, "The bank's consent page"),
        403: { description: 'FORBIDDEN: the plan has no Open Banking' },
        404: { description: 'NOT_FOUND: the connection' },
      },
    }),
    async (c) => {
      const asked = await withConnection(forNewUse(c), c.req.valid('param').id);
      return c.json(await consentPage(asked, asked.row, { connectionId: asked.row.id }), 200);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      method: 'delete',
      path: '/api/open-banking/connections/{id}',
      summary: 'Disconnect: revoke the consent at the provider and delete the tokens; the history stays',
      description:
        'Linked SavvyPig accounts and their transactions stay, no longer synced. Needs no plan: a saver may always end a consent.',
      request: { params: IdParams },
      responses: {
        200: json(DisconnectResultSchema, 'The connection as it now stands (revoked)'),
        404: { description: 'NOT_FOUND: the connection' },
        503: { description: 'SERVICE_UNAVAILABLE: the provider did not answer; nothing changed' },
      },
    }),
    async (c) => {
      const { tx, session, row } = await withConnection(saverOf(c), c.req.valid('param').id);
      await revokeAndForget(tx, openBanking(), row, deps.clock.now());
      return c.json({ connection: await connectionOf(tx, session.userId, row.id) }, 200);
    },
  );

  return app;
}

type ConnectionRow = typeof openBankingConnections.$inferSelect;

/**
 * Ends one consent: revoked at the provider (an already ended one is fine), tokens deleted, the
 * status revoked. A provider that does not answer leaves everything as it was (503).
 */
export async function revokeAndForget(tx: Tx, ob: OpenBanking, row: ConnectionRow, now: Date): Promise<void> {
  if (ob.enabled && row.accessTokenEnc) {
    try {
      let tokens = openTokens(ob.settings, row);
      if (tokens && tokens.accessTokenExpiresAt.getTime() <= now.getTime() && tokens.refreshToken) {
        tokens = await ob.provider.refresh(tokens.refreshToken).catch((err) => {
          if (err instanceof ProviderError && (err.kind === 'expired' || err.kind === 'revoked')) return null;
          throw err;
        });
      }
      if (tokens) await ob.provider.revoke(tokens.accessToken);
    } catch (err) {
      if (err instanceof ProviderError) throw new AppError('SERVICE_UNAVAILABLE', OPEN_BANKING_MESSAGES.providerDown);
      // A token we can no longer decrypt (a lost key) cannot be revoked by us: it is deleted all the same.
    }
  }
  await tx
    .update(openBankingConnections)
    .set({
      status: 'revoked',
      accessTokenEnc: null,
      refreshTokenEnc: null,
      accessTokenExpiresAt: null,
      revokedAt: now,
      updatedAt: now,
    })
    .where(eq(openBankingConnections.id, row.id));
}

/**
 * Account deletion: every consent with tokens is revoked at the provider before the rows go (they
 * cascade with the user). A provider that does not answer does not keep the saver's account: its
 * tokens are deleted all the same and the consent lapses at the bank within 90 days (ADR 0067).
 */
export async function revokeAllConsents(
  deps: Pick<Deps, 'config' | 'clock' | 'logger'>,
  tx: Tx,
  userId: string,
): Promise<number> {
  const rows = await tx
    .select()
    .from(openBankingConnections)
    .where(and(eq(openBankingConnections.userId, userId), sql`${openBankingConnections.accessTokenEnc} is not null`));
  const ob = openBankingFor(deps.config);
  let revoked = 0;
  for (const row of rows) {
    try {
      await revokeAndForget(tx, ob, row, deps.clock.now());
      revoked++;
    } catch {
      deps.logger.warn('open banking consent not revoked at the provider on account deletion', {
        connectionId: row.id,
      });
    }
  }
  return revoked;
}
