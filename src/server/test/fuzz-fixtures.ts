/**
 * The callers and real rows of the schema-driven fuzz test (src/server/http/openapi-fuzz.test.ts).
 * A fuzzed request may delete a row or end a session; `ensure()` puts back whatever is gone
 * before the next route, so every route meets real ids.
 */
import { MAILBOX_TOKEN_HEADER } from '../../core/dev-mailbox/mailbox-token.ts';
import sharp from 'sharp';
import { and, eq, ne } from 'drizzle-orm';
import {
  accounts,
  accountTerms,
  accountTypes,
  isaProviders,
  pensionProviders,
  profiles,
  session,
  standingOrders,
  transactions,
} from '../db/schema/index.ts';
import { ownersTerm } from '../terms/ownership-cases.ts';
import { createTestAccount, insertStoredTransaction } from '../transactions/account-fixture.ts';
import { grantAdmin, signIn, signUpAndSignIn, type TestServer } from './server.ts';

export type Caller = { cookie: string; userId: string };

const PASSWORD = 'correct horse battery';
const SUBSCRIBER = 'fuzz.subscriber@example.com';
const ADMIN = 'fuzz.admin@example.com';

/**
 * Real values for path parameters, by the parameter's name or, for a plain `{id}`, by the path
 * segment before it (`/api/accounts/{id}` takes an account id), narrowed by the one after it
 * (`/api/accounts/{id}/pension` takes a pension account: 'accounts/pension').
 */
export type RealValues = Record<string, string[]>;

export type FuzzFixtures = {
  subscriber: Caller;
  admin: Caller;
  /** Signs the caller in again (a fuzzed request may have signed its session out). */
  renew: (role: 'subscriber' | 'admin') => Promise<void>;
  /** The real values, with any deleted row made again. */
  ensure: () => Promise<RealValues>;
};

export async function createFuzzFixtures(server: TestServer): Promise<FuzzFixtures> {
  const db = server.deps.database.db;
  const subscriber = await signUpAndSignIn(server, { email: SUBSCRIBER, password: PASSWORD });
  const admin = await signUpAndSignIn(server, { email: ADMIN, password: PASSWORD });
  await grantAdmin(server, admin.userId);
  const ids = {
    account: '',
    transaction: '',
    standingOrder: '',
    term: '',
    accountType: '',
    otherSession: '',
    avatar: '',
    /** Accounts of the types whose routes refuse any other (409 before their checks). */
    pension: '',
    isa: '',
  };

  const exists = async (table: typeof transactions | typeof standingOrders | typeof accountTerms, id: string) =>
    id !== '' && (await db.select({ id: table.id }).from(table).where(eq(table.id, id))).length > 0;

  async function ensureAccountRows() {
    if (!(await exists(transactions, ids.transaction))) {
      ids.account = await createTestAccount(db, subscriber.userId, 'Fuzz Saver');
      ids.transaction = await insertStoredTransaction(db, {
        userId: subscriber.userId,
        accountId: ids.account,
        amountPence: 10_000,
        date: '2026-01-05',
        type: 'deposit',
        notes: 'Fuzz',
      });
      ids.standingOrder = '';
    }
    if (!(await exists(standingOrders, ids.standingOrder))) {
      const res = await server.request(`/api/accounts/${ids.account}/standing-orders`, {
        method: 'POST',
        cookie: subscriber.cookie,
        json: { amountPence: 2_500, frequency: 'monthly', startDate: '2026-01-01' },
      });
      ids.standingOrder = ((await res.json()) as { standingOrder: { id: string } }).standingOrder.id;
    }
    if (!(await exists(accountTerms, ids.term))) ids.term = await ownersTerm(server, subscriber, ids.account);
  }

  const accountExists = async (id: string) =>
    id !== '' && (await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, id))).length > 0;

  async function ensureTypedAccount(which: 'pension' | 'isa', accountType: string) {
    if (await accountExists(ids[which])) return;
    const res = await server.request('/api/accounts', {
      method: 'POST',
      cookie: subscriber.cookie,
      json: { name: `Fuzz ${accountType}`, accountNumber: '12345678', accountType },
    });
    ids[which] = ((await res.json()) as { account: { id: string } }).account.id;
  }

  /** A few providers of each kind, so a provider field can name a real one and reach the checks behind it. */
  const providerIds = async () => [
    ...(await db.select({ id: pensionProviders.id }).from(pensionProviders).limit(2)).map((p) => p.id),
    ...(await db.select({ id: isaProviders.id }).from(isaProviders).limit(2)).map((p) => p.id),
  ];

  async function ensureAccountType() {
    const [row] =
      ids.accountType === ''
        ? []
        : await db
            .select({ isActive: accountTypes.isActive })
            .from(accountTypes)
            .where(eq(accountTypes.id, ids.accountType));
    if (row?.isActive) return;
    const res = await server.request('/api/admin/account-types', {
      method: 'POST',
      cookie: admin.cookie,
      json: { name: `Fuzz Bond ${Date.now()}` },
    });
    ids.accountType = ((await res.json()) as { accountType: { id: string } }).accountType.id;
  }

  const otherSessionId = async () =>
    (
      await db
        .select({ id: session.id })
        .from(session)
        .where(and(eq(session.userId, subscriber.userId), ne(session.token, tokenOf(subscriber))))
    )[0]?.id;

  async function ensureOtherSession() {
    if (!(await otherSessionId())) await signIn(server, SUBSCRIBER, PASSWORD);
    ids.otherSession = (await otherSessionId())!;
  }

  const avatarFileName = async () =>
    (
      await db.select({ avatarUrl: profiles.avatarUrl }).from(profiles).where(eq(profiles.id, subscriber.userId))
    )[0]?.avatarUrl
      ?.split('/')
      .at(-1);

  async function ensureAvatar() {
    if (!(await avatarFileName())) {
      const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#a16' } })
        .png()
        .toBuffer();
      const body = new FormData();
      body.append('file', new File([new Uint8Array(png)], 'me.png', { type: 'image/png' }));
      await server.request('/api/profile/avatar', { method: 'POST', cookie: subscriber.cookie, body });
    }
    ids.avatar = (await avatarFileName())!;
  }

  async function mailIds(): Promise<string[]> {
    const res = await server.request('/api/dev/mail', {
      headers: { [MAILBOX_TOKEN_HEADER]: server.deps.mailbox!.token },
    });
    return ((await res.json()) as { messages: { id: string }[] }).messages.slice(0, 1).map((m) => m.id);
  }

  return {
    subscriber,
    admin,
    renew: async (role) => {
      const caller = role === 'admin' ? admin : subscriber;
      caller.cookie = (await signIn(server, role === 'admin' ? ADMIN : SUBSCRIBER, PASSWORD)).cookie;
    },
    ensure: async () => {
      await ensureAccountRows();
      await ensureTypedAccount('pension', 'Personal Pension');
      await ensureTypedAccount('isa', 'Cash ISA');
      await ensureAccountType();
      await ensureOtherSession();
      await ensureAvatar();
      return {
        accounts: [ids.account, ids.pension, ids.isa],
        'accounts/pension': [ids.pension],
        'accounts/isa': [ids.isa],
        providers: await providerIds(),
        transactions: [ids.transaction],
        'standing-orders': [ids.standingOrder],
        terms: [ids.term],
        'account-types': [ids.accountType],
        sessions: [ids.otherSession],
        sessionId: [ids.otherSession],
        userId: [subscriber.userId],
        fileName: [ids.avatar],
        mail: await mailIds(),
      };
    },
  };
}

/** The session token inside a `name=token.signature` cookie. */
function tokenOf(caller: Caller): string {
  const value = decodeURIComponent(caller.cookie.slice(caller.cookie.indexOf('=') + 1));
  return value.slice(0, value.lastIndexOf('.'));
}
