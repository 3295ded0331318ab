import { PgDialect } from 'drizzle-orm/pg-core';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INACTIVITY_LIMIT_MS } from '../../core/session/limits.ts';
import { openDatabase } from '../db/client.ts';
import { boundSql, compiledWith, type NamedQuery } from '../db/named-query.ts';
import { rowsOf } from '../db/rls.ts';
import { session, userRoles } from '../db/schema/index.ts';
import { sentTogether } from '../db/together.ts';
import { quietLogger, testDatabaseKinds } from '../test/databases.ts';
import { itOnPostgres } from '../test/postgres-only.ts';
import { statementsSent } from '../test/statements-sent.ts';
import { createTestServer, signUpAndSignIn, type TestServer } from '../test/server.ts';
import { readSessionToken, sessionFromOpening, sessionOpening } from './session.ts';

/**
 * User openings that run alone go as one statement when several wait together (db/together.ts):
 * each token must find exactly what its own opening finds alone, refusals included.
 */
describe.each(testDatabaseKinds())('session openings together on %s', (kind) => {
  let server: TestServer;
  /** Tokens by what their session is now. */
  const tokens: Record<'saver' | 'admin' | 'idle' | 'expired' | 'other', string> = {} as never;
  const ids: Record<'saver' | 'admin' | 'other', string> = {} as never;
  const dialect = new PgDialect();

  beforeAll(async () => {
    server = await createTestServer(kind);
    const { db } = server.deps.database;
    const tokenOf = (cookie: string) => readSessionToken(cookie, server.deps.secret)!;
    for (const who of ['saver', 'admin', 'idle', 'expired', 'other'] as const) {
      const signedIn = await signUpAndSignIn(server, { email: `together.${who}.${kind}@example.com`, firstName: who });
      tokens[who] = tokenOf(signedIn.cookie);
      if (who === 'saver' || who === 'admin' || who === 'other') ids[who] = signedIn.userId;
    }
    await db.insert(userRoles).values({ userId: ids.admin, role: 'admin' });
    const now = server.clock.now().getTime();
    await db
      .update(session)
      .set({ lastActiveAt: new Date(now - INACTIVITY_LIMIT_MS - 60_000) })
      .where(eq(session.token, tokens.idle));
    await db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(session.token, tokens.expired));
  });
  afterAll(async () => {
    await server?.close();
  });

  /** A statement as the shared trip sends it, run through drizzle on either engine. */
  const rowsFor = async (statement: NamedQuery) => {
    const { text, params } = compiledWith(dialect, new Map(), statement);
    return rowsOf(await server.deps.database.db.execute(boundSql(text, params)));
  };

  const asked = ['saver', 'admin', 'idle', 'expired', 'NoSuchSession0123456789', 'other', 'saver'] as const;
  /** Whom each of `asked` finds: the saver (twice), the admin, the other saver; the idle, the expired and the unknown session none. */
  const found = () => [ids.saver, ids.admin, null, null, null, ids.other, ids.saver];
  const tokenFor = (name: (typeof asked)[number]) => (name in tokens ? tokens[name as keyof typeof tokens] : name);

  for (const withProfile of [false, true]) {
    it(`finds for each token what its opening alone finds${withProfile ? ', with the profile' : ''}`, async () => {
      const now = server.clock.now();
      const openings = asked.map((name) => sessionOpening(tokenFor(name), false, now, { withProfile }));
      const [together, ...rest] = sentTogether(openings);
      expect(rest).toEqual([]);
      const rows = await rowsFor(together!.statement);
      const joined = together!.callers.map(({ rowsOf: own }) => sessionFromOpening(own(rows), now));
      const alone = await Promise.all(openings.map(async (o) => sessionFromOpening(await rowsFor(o), now)));
      expect(joined).toEqual(alone);
      expect(joined.map((s) => s?.userId ?? null)).toEqual(found());
      expect(joined[1]!.isAdmin).toBe(true);
      expect(joined[0]!.isAdmin).toBe(false);
      expect(joined[0]!.dataVersions).toEqual(expect.objectContaining({ referenceVersion: expect.any(Number) }));
      expect(joined[5]!.profile?.firstName).toBe(withProfile ? 'other' : undefined);
    });
  }

  it('refuses a suspended saver together as alone', async () => {
    const { db } = server.deps.database;
    const now = server.clock.now();
    const suspended = await signUpAndSignIn(server, { email: `together.suspended.${kind}@example.com` });
    const token = readSessionToken(suspended.cookie, server.deps.secret)!;
    // As an admin would, in a transaction that may set the column (the owner may not).
    await db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('app.is_admin', 'true', true)`);
      await tx.execute(sql`update user_settings set suspended = true where user_id = ${suspended.userId}`);
    });
    const openings = [sessionOpening(tokens.saver, false, now), sessionOpening(token, false, now)];
    const [together] = sentTogether(openings);
    const rows = await rowsFor(together!.statement);
    expect(together!.callers.map(({ rowsOf: own }) => sessionFromOpening(own(rows), now)?.userId ?? null)).toEqual([
      ids.saver,
      null,
    ]);
    expect(sessionFromOpening(await rowsFor(openings[1]!), now)).toBeNull();
  });

  it('leaves admin openings alone: they set what the admin routes need', () => {
    const now = server.clock.now();
    const sent = sentTogether([
      sessionOpening(tokens.admin, true, now),
      sessionOpening(tokens.admin, true, now),
      sessionOpening(tokens.saver, false, now),
    ]);
    expect(sent.map((s) => s.statement.name)).toEqual([
      'open_admin_request',
      'open_admin_request',
      'open_user_request',
    ]);
  });

  it("holds each opening to its own request's idle cutoff, whatever its place in the statement", async () => {
    const now = server.clock.now();
    // The same session asked for by a request now and by one past the inactivity limit: the
    // first is admitted, the second refused, in either order.
    const later = new Date(now.getTime() + INACTIVITY_LIMIT_MS + 60_000);
    for (const times of [
      [now, later],
      [later, now],
    ]) {
      const openings = times.map((at) => sessionOpening(tokens.saver, false, at));
      const [together] = sentTogether(openings);
      const rows = await rowsFor(together!.statement);
      expect(
        together!.callers.map(({ rowsOf: own }, i) => sessionFromOpening(own(rows), times[i]!)?.userId ?? null),
      ).toEqual(times.map((at) => (at === now ? ids.saver : null)));
    }
  });

  it('never joins an opening whose token is not well formed: it fails alone', () => {
    const now = server.clock.now();
    expect(sessionOpening('not a token!', false, now).together).toBeUndefined();
    expect(sessionOpening(tokens.saver, false, now).together).toBeDefined();
  });

  itOnPostgres(kind)('answers each caller of the shared trip with its own session (a pool of one)', async () => {
    const oneConnection = await openDatabase({ databaseUrl: server.databaseUrl!, poolMax: 1, logger: quietLogger });
    try {
      const now = server.clock.now();
      await oneConnection.openingOnly(sessionOpening(tokens.saver, false, now));
      let answers: unknown[][] = [];
      const sent = await statementsSent(async () => {
        answers = await Promise.all(
          asked.map((name) => oneConnection.openingOnly(sessionOpening(tokenFor(name), false, now))),
        );
      });
      // All seven waited for the one connection together, so they went as one statement.
      expect(sent.statements).toBe(1);
      expect(answers.map((rows) => sessionFromOpening(rows, now)?.userId ?? null)).toEqual(found());
    } finally {
      await oneConnection.close();
    }
  });
});
