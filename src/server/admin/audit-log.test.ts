import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withActor } from '../db/rls.ts';
import { adminAuditLog } from '../db/schema/index.ts';
import { createTestDatabase, testDatabaseKinds } from '../test/databases.ts';
import { rejection } from '../test/sql-errors.ts';
import { listAdminActions, recordAdminAction } from './audit-log.ts';

const ADMIN = { userId: 'admin-audit-1', email: 'admin.audit@example.com' };
const asAdmin = { userId: ADMIN.userId, isAdmin: true };

describe.each(testDatabaseKinds())('the admin audit log on %s', (kind) => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  }, 60_000);
  afterAll(() => database.drop());
  const db = () => database.database.db;

  it('keeps an action with its before and after, and lists a subject’s newest first, page by page', async () => {
    for (const tier of ['piglet', 'boar', 'bigpig'])
      await withActor(db(), asAdmin, (tx) =>
        recordAdminAction(tx, ADMIN, {
          action: 'user.update',
          subjectType: 'user',
          subjectId: 'saver-1',
          before: { tierOverride: null },
          after: { tierOverride: tier },
        }),
      );
    await withActor(db(), asAdmin, (tx) =>
      recordAdminAction(tx, ADMIN, { action: 'contact.update', subjectType: 'contact_inquiry', subjectId: 'c-1' }),
    );

    const first = await withActor(db(), asAdmin, (tx) =>
      listAdminActions(tx, { subjectType: 'user', subjectId: 'saver-1', limit: 2 }),
    );
    expect(first.map((e) => (e.after as { tierOverride: string }).tierOverride)).toEqual(['bigpig', 'boar']);
    expect(first[0]).toMatchObject({ adminId: ADMIN.userId, adminEmail: ADMIN.email, action: 'user.update' });
    const second = await withActor(db(), asAdmin, (tx) =>
      listAdminActions(tx, { subjectType: 'user', subjectId: 'saver-1', afterId: first[1]!.id, limit: 2 }),
    );
    expect(second.map((e) => (e.after as { tierOverride: string }).tierOverride)).toEqual(['piglet']);
    expect(second[0]!.before).toEqual({ tierOverride: null });
  });

  it('lists the entries of one transaction newest first, in the order they were written', async () => {
    const steps = ['profile', 'role', 'settings', 'suspend', 'override', 'reason', 'flags', 'cap'];
    await withActor(db(), asAdmin, async (tx) => {
      for (const step of steps)
        await recordAdminAction(tx, ADMIN, { action: `user.${step}`, subjectType: 'user', subjectId: 'saver-3' });
    });
    const entries = await withActor(db(), asAdmin, (tx) => listAdminActions(tx, { subjectId: 'saver-3' }));
    expect(entries.map((e) => e.action)).toEqual(steps.map((step) => `user.${step}`).reverse());
  });

  it('keeps that order when the entries share a time to the microsecond (a coarse clock), page by page too', async () => {
    const steps = ['profile', 'role', 'settings', 'suspend', 'override'];
    await withActor(db(), asAdmin, async (tx) => {
      for (const step of steps)
        await recordAdminAction(tx, ADMIN, { action: `user.${step}`, subjectType: 'user', subjectId: 'saver-4' });
    });
    // As the owner, past the log's append-only grants: every entry at one instant.
    await db().execute(
      sql`update admin_audit_log set created_at = '2026-11-29T10:00:00Z' where subject_id = 'saver-4'`,
    );
    const newestFirst = steps.map((step) => `user.${step}`).reverse();
    const all = await withActor(db(), asAdmin, (tx) => listAdminActions(tx, { subjectId: 'saver-4' }));
    expect(all.map((e) => e.action)).toEqual(newestFirst);
    const first = await withActor(db(), asAdmin, (tx) => listAdminActions(tx, { subjectId: 'saver-4', limit: 2 }));
    const rest = await withActor(db(), asAdmin, (tx) =>
      listAdminActions(tx, { subjectId: 'saver-4', afterId: first.at(-1)!.id }),
    );
    expect([...first, ...rest].map((e) => e.action)).toEqual(newestFirst);
  });

  it('an action that rolls back leaves no entry', async () => {
    await expect(
      withActor(db(), asAdmin, async (tx) => {
        await recordAdminAction(tx, ADMIN, { action: 'user.suspend', subjectType: 'user', subjectId: 'saver-2' });
        throw new Error('the action failed');
      }),
    ).rejects.toThrow('the action failed');
    const entries = await withActor(db(), asAdmin, (tx) => listAdminActions(tx, { subjectId: 'saver-2' }));
    expect(entries).toEqual([]);
  });

  it('a non-admin can neither read nor add entries, and nobody can change or delete one', async () => {
    const saver = { userId: 'saver-1' };
    expect(await withActor(db(), saver, (tx) => listAdminActions(tx, {}))).toEqual([]);
    // 42501: insufficient privilege (a row-level security refusal, or no grant at all).
    expect(
      await rejection(
        withActor(db(), saver, (tx) =>
          recordAdminAction(
            tx,
            { userId: 'saver-1', email: 's@example.com' },
            { action: 'user.update', subjectType: 'user', subjectId: 'saver-1' },
          ),
        ),
      ),
    ).toBe('42501');
    expect(await rejection(withActor(db(), asAdmin, (tx) => tx.update(adminAuditLog).set({ action: 'x' })))).toBe(
      '42501',
    );
    expect(await rejection(withActor(db(), asAdmin, (tx) => tx.delete(adminAuditLog)))).toBe('42501');
  });
});
