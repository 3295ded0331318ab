import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestServer, signUpAndSignIn, type TestServer } from '../test/server.ts';
import { testDatabaseKinds } from '../test/databases.ts';
import { eventsHeard } from '../test/events-heard.ts';
import { EVENTS_CHANNEL, publish } from './hub.ts';
import { sseReader } from './sse-reader.ts';

describe.each(testDatabaseKinds())('realtime on %s', (kind) => {
  let server: TestServer;
  let ann: { cookie: string; userId: string };
  let bob: { cookie: string; userId: string };

  beforeAll(async () => {
    server = await createTestServer(kind);
    ann = await signUpAndSignIn(server, { email: 'ann.rt@example.com', verify: false });
    bob = await signUpAndSignIn(server, { email: 'bob.rt@example.com', verify: false });
  });
  afterAll(async () => {
    await server?.close();
  });

  async function openStream(cookie: string) {
    const res = await server.request('/api/events', { cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const stream = sseReader(res.body!);
    expect((await stream.next()).event).toBe('ready');
    return stream;
  }

  it('refuses an anonymous event stream', async () => {
    expect((await server.request('/api/events')).status).toBe(401);
  });

  it("delivers a user's change to that user's stream only, with the keys to refetch", async () => {
    const annStream = await openStream(ann.cookie);
    const bobStream = await openStream(bob.cookie);
    const res = await server.request('/api/profile', {
      method: 'PATCH',
      cookie: ann.cookie,
      json: { firstName: 'Annie' },
    });
    expect(res.status).toBe(200);
    const event = await annStream.nextOf(['profile.updated']);
    expect(JSON.parse(event.data)).toMatchObject({ type: 'profile.updated', invalidate: [['me']] });
    await expect(bobStream.nextOf(['profile.updated'], 400)).rejects.toThrow(/timed out/);
    await annStream.cancel();
    await bobStream.cancel();
  });

  it('delivers nothing for a transaction that rolled back', async () => {
    const { names: received, stop: unsubscribe } = eventsHeard(server.deps.hub, ann.userId);
    await server.deps.database.db
      .transaction(async (tx) => {
        await publish(tx, { type: 'rolled.back', userId: ann.userId });
        throw new Error('abort');
      })
      .catch(() => undefined);
    await server.deps.database.db.transaction((tx) => publish(tx, { type: 'committed', userId: ann.userId }));
    await expect.poll(() => received, { timeout: 3_000 }).toContain('committed');
    expect(received).not.toContain('rolled.back');
    unsubscribe();
  });

  it("tells this instance's streams of a committed event at once and once only, and the other instances by NOTIFY", async () => {
    const { names: received, stop: unsubscribe } = eventsHeard(server.deps.hub, ann.userId);
    // Another instance's listener, as far as this channel can tell.
    const heard: string[] = [];
    const stopListening = await server.deps.database.listen(EVENTS_CHANNEL, (payload) => heard.push(payload));
    try {
      server.deps.hub.publishCommitted({ type: 'committed.once', userId: ann.userId });
      expect(received).toEqual(['committed.once']);
      await server.deps.hub.eventsSent();
      // A later event, committed after the batch: listeners hear notifications in commit order,
      // so once it is here, anything the batch sent is here too.
      await server.deps.database.db.transaction((tx) => publish(tx, { type: 'later', userId: ann.userId }));
      await expect.poll(() => received, { timeout: 3_000 }).toContain('later');
      await expect.poll(() => heard.join(), { timeout: 3_000 }).toContain('"later"');
      const heardTypes = heard.map((payload) => (JSON.parse(payload) as { type: string }).type);
      // The NOTIFY reached the channel on PostgreSQL; PGlite's one instance has nobody to tell.
      expect(heardTypes).toEqual(kind === 'postgres' ? ['committed.once', 'later'] : ['later']);
      // This instance told its stream itself and does not tell it again when its echo comes back.
      expect(received).toEqual(['committed.once', 'later']);
    } finally {
      await stopListening();
      unsubscribe();
    }
  });

  if (kind === 'postgres') {
    it('reconnects a dropped listener and tells clients to resync', async () => {
      const stream = await openStream(ann.cookie);
      await server.deps.database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'savvypig-listen' and datname = current_database()`,
      );
      const resync = await stream.nextOf(['resync'], 10_000);
      expect(JSON.parse(resync.data)).toEqual({ reason: 'reconnected' });
      // And the new listener delivers again.
      await server.request('/api/profile', { method: 'PATCH', cookie: ann.cookie, json: { lastName: 'Again' } });
      expect((await stream.nextOf(['profile.updated'])).event).toBe('profile.updated');
      await stream.cancel();
    });
  }
});
