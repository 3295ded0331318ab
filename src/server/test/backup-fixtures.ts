/**
 * Places for the backup test to back up from and restore into, on either engine, and the backup
 * commands run as an operator runs them (a process with the server's environment).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../db/client.ts';
import {
  createThrowawayPostgres,
  dropThrowawayPostgres,
  quietLogger,
  templatePath,
  type TestDbKind,
} from './databases.ts';

export type Instance = {
  /** The server's environment for this database and files folder. */
  env: Record<string, string>;
  /** SQL on its database; for PGlite only once no server holds the folder. */
  query(text: string, values: unknown[]): Promise<{ rows: Array<Record<string, unknown>> }>;
  dispose(): Promise<void>;
};

/**
 * A data folder and files folder, and on PostgreSQL a new database: migrated when `migrated`
 * (from the test run's template, as a first start would leave it), otherwise empty.
 */
export async function createInstance(kind: TestDbKind, { migrated }: { migrated: boolean }): Promise<Instance> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'savvypig-backup-'));
  const env = { DATA_DIR: path.join(root, 'data'), FILE_STORAGE_DIR: path.join(root, 'files') };
  if (kind === 'pglite') {
    const pgliteDir = path.join(env.DATA_DIR, 'pglite');
    if (migrated && fs.existsSync(templatePath())) {
      const template = new Blob([fs.readFileSync(templatePath())]);
      await (await openDatabase({ pgliteDir, pgliteLoadDataDir: template, logger: quietLogger })).close();
    }
    // Opened at the first query (after the test's servers have let the folder go), kept until dispose.
    let opened: ReturnType<typeof openDatabase> | undefined;
    return {
      env,
      async query(text, values) {
        opened ??= openDatabase({ pgliteDir, logger: quietLogger });
        const client = ((await opened).db as unknown as { $client: { query: Instance['query'] } }).$client;
        return client.query(text, values);
      },
      async dispose() {
        await (await opened)?.close();
        fs.rmSync(root, { recursive: true, force: true });
      },
    };
  }
  const url = await createThrowawayPostgres(undefined, migrated ? process.env.SAVVYPIG_PG_TEMPLATE : undefined);
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  return {
    env: { ...env, DATABASE_URL: url },
    query: (text, values) => client.query(text, values),
    async dispose() {
      await client.end().catch(() => undefined);
      await dropThrowawayPostgres(url);
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}

/**
 * Opens the address-confirmation link the server mailed to `email` (as files under DATA_DIR/mail:
 * no SMTP in tests), so the saver may add accounts.
 */
export async function confirmAddressByMail(dataDir: string, email: string): Promise<void> {
  const folder = path.join(dataDir, 'mail');
  for (const deadline = Date.now() + 10_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 50))) {
    for (const name of fs.existsSync(folder) ? fs.readdirSync(folder).filter((f) => f.endsWith('.eml')) : []) {
      // Quoted-printable: soft line breaks, then escaped bytes (the link's '=' signs among them).
      const mail = fs
        .readFileSync(path.join(folder, name), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
      const link = mail.includes(email)
        ? /https?:\/\/[^\s"<>]+\/api\/auth\/verify-email\?[^\s"<>]+/.exec(mail)?.[0]
        : null;
      if (!link) continue;
      const res = await fetch(link.replace(/&amp;/g, '&'), { redirect: 'manual' });
      if (res.status >= 400) throw new Error(`confirming ${email}: ${res.status}`);
      return;
    }
  }
  throw new Error(`no confirmation e-mail to ${email} in ${folder}`);
}

export type ScriptRun = { code: number | null; stdout: string; stderr: string };

/** Runs `node scripts/<name>.ts …args` with only the given environment (and PATH, for pg_dump). */
export function runScript(name: 'backup' | 'restore', args: string[], env: Record<string, string>): Promise<ScriptRun> {
  const child = spawn(process.execPath, [path.join('scripts', `${name}.ts`), ...args], {
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}
