import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKinds } from '../test/databases.ts';
import { takeThrottle } from './throttle.ts';

describe.each(testDatabaseKinds())('takeThrottle on %s', (kind) => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.drop());

  it('allows `limit` calls a window, then refuses and says when the window ends', async () => {
    const take = () => takeThrottle(database.database.db, 'test:window', 2, 600);
    const results = [await take(), await take(), await take()];
    expect(results.map((r) => r.allowed)).toEqual([true, true, false]);
    expect(results[2]!.retryAfterSeconds).toBeGreaterThanOrEqual(599);
    expect(results[2]!.retryAfterSeconds).toBeLessThanOrEqual(600);
  });

  it('keeps separate keys apart', async () => {
    expect((await takeThrottle(database.database.db, 'test:one', 1, 60)).allowed).toBe(true);
    expect((await takeThrottle(database.database.db, 'test:two', 1, 60)).allowed).toBe(true);
    expect((await takeThrottle(database.database.db, 'test:one', 1, 60)).allowed).toBe(false);
  });
});
