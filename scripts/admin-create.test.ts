import { execFileSync, spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ADMIN_TWO_FACTOR_NOTE } from '../src/server/seed/demo.ts';
import { createInstance } from '../src/server/test/backup-fixtures.ts';

const run = (env: Record<string, string>, ...args: string[]) =>
  execFileSync(process.execPath, ['scripts/admin-create.ts', ...args], {
    env: { PATH: process.env.PATH, LOG_LEVEL: 'silent', ...env },
    encoding: 'utf8',
  });

describe('npm run admin:create on the embedded database', () => {
  // Migrated, as the server's first start leaves it: an empty one is migrated first by the same
  // start-up every server start runs (src/server/boot.ts), tested where the server starts.
  it('creates a verified admin with a printed password, then only grants the role', async () => {
    const instance = await createInstance('pglite', { migrated: true });
    try {
      expect(run(instance.env, 'Boss@Example.com')).toMatch(/^Created admin boss@example.com with password \S{12,} /);
      expect(run(instance.env, 'boss@example.com')).toBe(
        `boss@example.com is now an admin. ${ADMIN_TWO_FACTOR_NOTE}\n`,
      );
      const { rows } = await instance.query(
        `select u.email_confirmed_at is not null as verified,
                exists (select 1 from user_roles r where r.user_id = u.id and r.role = 'admin') as admin
           from "user" u where u.email = $1`,
        ['boss@example.com'],
      );
      expect(rows).toEqual([{ verified: true, admin: true }]);
    } finally {
      await instance.dispose();
    }
  }, 60_000);
});

describe('npm run admin:create', () => {
  it('refuses something that is not an e-mail address, with exit status 2', () => {
    const refused = spawnSync(process.execPath, ['scripts/admin-create.ts', 'nobody'], { encoding: 'utf8' });
    expect(refused.status).toBe(2);
    expect(refused.stderr).toBe('Usage: npm run admin:create -- you@example.com\n');
    expect(refused.stdout).toBe('');
  });
});
