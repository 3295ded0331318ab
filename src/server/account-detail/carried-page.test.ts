import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withActor } from '../db/rls.ts';
import { accounts, bankReferences, transactions } from '../db/schema/index.ts';
import { bankReferenceId } from '../reference/rows.ts';
import { testDatabaseKinds } from '../test/databases.ts';
import { createTestServer, signUpAndSignIn, type TestServer } from '../test/server.ts';
import { selectsSentBy } from '../test/tables-read.ts';
import { eq } from 'drizzle-orm';
import { accountDetailRoutes } from './routes.ts';

// An account page kept for the saver's data version is sent for the next version too when the
// only write between them was this server's own add to an account the page does not show
// (kept/own-writes.ts). Held to a router that keeps nothing, for every pair of a saver's
// accounts: an add to each, then every page.
const HALIFAX = bankReferenceId('frn-169628/Halifax');
const BANK_OF_SCOTLAND = bankReferenceId('frn-169628/Bank of Scotland');
const LLOYDS = bankReferenceId('frn-119278/Lloyds Bank');

type Saver = { cookie: string; userId: string };
type Page = { status: number; body: unknown };

describe.each(testDatabaseKinds())('account pages carried past adds to other accounts on %s', (kind) => {
  let server: TestServer;
  let oracle: ReturnType<typeof accountDetailRoutes>;
  let saver: Saver;
  const ids = new Map<string, string>();

  const page = async (id: string): Promise<Page> => {
    const res = await server.request(`/api/accounts/${id}`, { cookie: saver.cookie });
    return { status: res.status, body: await res.json() };
  };
  const truth = async (id: string): Promise<Page> => {
    const res = await oracle.request(`http://localhost:3000/api/accounts/${id}`, {
      headers: { cookie: saver.cookie },
    });
    return { status: res.status, body: await res.json() };
  };
  /** The accounts a page shows: its own and those its Protection card lists. */
  const shownOn = ({ body }: Page) => {
    const { account, protection } = body as {
      account: { id: string };
      protection: { licence: { accounts: { id: string }[] } | null; outside: { accounts: { id: string }[] } | null };
    };
    return new Set([
      account.id,
      ...[protection.licence, protection.outside].flatMap((g) => g?.accounts ?? []).map((a) => a.id),
    ]);
  };
  const addThroughApi = async (id: string, amountPence: number) => {
    const res = await server.request(`/api/accounts/${id}/transactions`, {
      method: 'POST',
      cookie: saver.cookie,
      json: { transactions: [{ type: 'deposit', amountPence, date: '2026-11-02', notes: 'Top-up' }] },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    // Its event leaves for the other instances after the answer (ADR 0078): gone before the next
    // request's statements are counted.
    await server.deps.hub.eventsSent();
  };
  /** Every page asked for twice, so each is kept; what was sent. */
  const keepEveryPage = async () => {
    const pages = new Map<string, Page>();
    for (const id of ids.values()) {
      pages.set(id, await page(id));
      expect(await page(id)).toEqual(pages.get(id));
    }
    return pages;
  };

  beforeAll(async () => {
    server = await createTestServer(kind);
    oracle = accountDetailRoutes(server.deps, { keepAnswers: false });
    saver = await signUpAndSignIn(server, { email: 'carried-pages@example.com' });
    const [nsAndI] = await server.deps.database.db
      .select({ id: bankReferences.id })
      .from(bankReferences)
      .where(eq(bankReferences.protectionBasis, 'hm_treasury'))
      .limit(1);
    // One licence reached three ways (two brands and a platform placing money there), another
    // licence with a joint account, NS&I outside the limits, a pension and an account with no bank.
    const kinds: [string, Partial<typeof accounts.$inferInsert>, number][] = [
      ['halifax', { bank: 'Halifax', bankId: HALIFAX }, 50_000_00],
      ['bos', { bank: 'Bank of Scotland', bankId: BANK_OF_SCOTLAND }, 20_000_00],
      ['placed', { bank: 'Raisin', isPlatformAccount: true, platformBankReferenceId: BANK_OF_SCOTLAND }, 14_000_00],
      ['lloyds joint', { bank: 'Lloyds Bank', bankId: LLOYDS, holders: 2 }, 169_000_00],
      ['sipp', { bank: 'Lloyds Bank', bankId: LLOYDS, accountType: 'SIPP' }, 1_000_00],
      ['premium bonds', { bank: 'NS&I', bankId: nsAndI!.id }, 10_000_00],
      ['no bank', {}, 5_000_00],
    ];
    for (const [name, values, pence] of kinds) {
      const id = await withActor(server.deps.database.db, { userId: saver.userId }, async (tx) => {
        const [row] = await tx
          .insert(accounts)
          .values({ userId: saver.userId, name, accountNumber: '12345678', ...values })
          .returning({ id: accounts.id });
        await tx.insert(transactions).values({
          accountId: row!.id,
          userId: saver.userId,
          date: '2026-01-05',
          type: 'opening_balance',
          amountPence: pence,
        });
        return row!.id;
      });
      ids.set(name, id);
    }
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it('sends every page as computed afresh after an add to each account, reading again only the pages that show it', async () => {
    for (const [name, added] of ids) {
      const before = await keepEveryPage();
      // £1,500 takes the licence the three reach over £85,000, and the joint account's
      // £169,000 (£84,500 a holder) over its limit too.
      await addThroughApi(added, 1_500_00);
      for (const [other, id] of ids) {
        const shown = shownOn(before.get(id)!).has(added);
        let sent: Page | undefined;
        const reads = await selectsSentBy(async () => {
          sent = await page(id);
        });
        expect(sent, `${other}'s page after an add to ${name}`).toEqual(await truth(id));
        if (shown) expect(sent, `${other}'s page shows ${name}`).not.toEqual(before.get(id));
        // node-postgres's statements are seen; PGlite's run in its worker.
        if (kind === 'postgres')
          expect(reads.length > 0, `${other}'s page read again after an add to ${name}`).toBe(shown);
      }
    }
  });

  it('stays true with adds to every account and every page asked for at once, round after round', async () => {
    // Concurrent adds of one saver make version steps of more than one between an add's opening
    // and its own bump: those are not recorded, and pages kept meanwhile must not be carried over them.
    for (let round = 0; round < 5; round++) {
      await keepEveryPage();
      await Promise.all(
        [...ids.values()].flatMap((id, i) => [addThroughApi(id, 1_00 + round * 10 + i), page(id), page(id)]),
      );
      for (const [name, id] of ids) expect(await page(id), `${name}, round ${round}`).toEqual(await truth(id));
    }
  });

  it('reads again the page of an account added to through a path that spells its id in capitals', async () => {
    const halifax = ids.get('halifax')!;
    const before = await keepEveryPage();
    await addThroughApi(halifax.toUpperCase(), 3_00);
    for (const [name, id] of ids) expect(await page(id), name).toEqual(await truth(id));
    expect(await page(halifax)).not.toEqual(before.get(halifax));
  });

  it('reads a page again when another server wrote in between, even if this one wrote since', async () => {
    const before = await keepEveryPage();
    // Another server's write (straight to the database: not this server's) to an account at the
    // Halifax page's licence, then this server's own add elsewhere.
    await withActor(server.deps.database.db, { userId: saver.userId }, (tx) =>
      tx.insert(transactions).values({
        accountId: ids.get('bos')!,
        userId: saver.userId,
        date: '2026-11-03',
        type: 'deposit',
        amountPence: 7_00,
      }),
    );
    await addThroughApi(ids.get('premium bonds')!, 2_00);
    const halifax = ids.get('halifax')!;
    const sent = await page(halifax);
    expect(sent).toEqual(await truth(halifax));
    expect(sent).not.toEqual(before.get(halifax));
  });
});
