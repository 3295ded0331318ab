import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ADMIN_TWO_FACTOR_NOTE } from '../src/server/seed/demo.ts';

const run = (dataDir: string, ...args: string[]) =>
  execFileSync(process.execPath, ['scripts/admin-create.ts', ...args], {
    env: { PATH: process.env.PATH, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
    encoding: 'utf8',
  });

describe('npm run admin:create', () => {
  it('creates a verified admin with a printed password, then only grants the role', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'savvypig-admin-'));
    try {
      expect(run(dataDir, 'Boss@Example.com')).toMatch(/^Created admin boss@example.com with password \S{12,} /);
      expect(run(dataDir, 'boss@example.com')).toBe(`boss@example.com is now an admin. ${ADMIN_TWO_FACTOR_NOTE}\n`);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('refuses something that is not an e-mail address', () => {
    expect(() => execFileSync(process.execPath, ['scripts/admin-create.ts', 'nobody'], { stdio: 'pipe' })).toThrow(
      /Usage/,
    );
  });
});
