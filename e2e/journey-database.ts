/**
 * The database behind a journey server. With TEST_DATABASE_URL set (as CI runs), PostgreSQL: a
 * throwaway database copied from the one the runner migrated (`create database … template`, about
 * a tenth of a second). Otherwise, or when a journey asks for it, PGlite, the product's default,
 * in a copy of the runner's migrated data folder. On a two-core machine PGlite's engine was the
 * dearest part of a journey server: its WebAssembly compiled again in every server process and
 * its protocol work on a thread of its own (docs/testing.md has the figures). The journeys that
 * keep PGlite whatever the run has are named in docs/testing.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Database, OpenOptions } from '../src/server/db/client.ts';
import { createThrowawayPostgres, dropThrowawayPostgres } from '../src/server/test/throwaway-postgres.ts';
import { startServerProcess } from '../src/server/test/server-process.ts';

/** Where `scripts/e2e.ts` leaves a data folder a server has already migrated and loaded. */
export const DATA_TEMPLATE_ENV = 'E2E_DATA_TEMPLATE';
/** Where `scripts/e2e.ts` leaves the name of a PostgreSQL database a server has already migrated and loaded. */
export const DATABASE_TEMPLATE_ENV = 'E2E_DATABASE_TEMPLATE';

export type JourneyEngine = 'pglite' | 'postgres';

/**
 * Opens a journey's database from its test. The database layer (drizzle-orm, PGlite, the schema)
 * is loaded only here, by the journeys that read or change rows themselves: loading it cost every
 * journey's test process about a second of CPU before its first step.
 */
async function openFromTest(options: Omit<OpenOptions, 'logger'>): Promise<Database> {
  const [{ openDatabase }, { quietLogger }] = await Promise.all([
    import('../src/server/db/client.ts'),
    import('../src/server/test/databases.ts'),
  ]);
  return openDatabase({ ...options, logger: quietLogger });
}

/** What a journey may ask of its server's database: PGlite whatever the run has (the default engine's journeys). */
export type EngineChoice = { engine?: 'pglite' };

/**
 * What the journeys of the product's default engine ask for: get-started, first-journey,
 * balance-stays-true, seven-account-saver and two-factor run on PGlite whatever the run has (and
 * security starts its own PGlite servers), so a run on PostgreSQL still drives PGlite end to end.
 */
export const ON_PGLITE: EngineChoice = { engine: 'pglite' };

/** PostgreSQL when the run has TEST_DATABASE_URL and the journey did not ask for PGlite; else PGlite. */
export function journeyEngine(choice: EngineChoice = {}, env = process.env): JourneyEngine {
  return choice.engine ?? (env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
}

/** An empty data folder, for a server whose database is on PostgreSQL (its mail and clock file). */
export function emptyDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'savvypig-e2e-'));
}

/**
 * A fresh data folder for one journey server: a copy of the migrated template when the runner made
 * one (a server then starts in about 2 s instead of 15 s: PGlite's initdb, the migrations and the
 * reference data are done once per run), else empty, and the server migrates it itself.
 */
export function freshDataDir(): string {
  const dataDir = emptyDataDir();
  const template = process.env[DATA_TEMPLATE_ENV];
  if (template && fs.existsSync(template)) fs.cpSync(template, dataDir, { recursive: true });
  return dataDir;
}

export type JourneyDatabase = {
  engine: JourneyEngine;
  /** The server's data folder (its mail, clock file and, on PGlite, its database). */
  dataDir: string;
  /** What the server is started with: DATA_DIR, and DATABASE_URL on PostgreSQL. */
  env: Record<string, string>;
  /** Opens the database from the test (on PGlite only while no server holds the folder). */
  open(): Promise<Database>;
  /** Removes the folder and, on PostgreSQL, drops the database. */
  dispose(): Promise<void>;
};

export async function freshJourneyDatabase(choice: EngineChoice = {}): Promise<JourneyDatabase> {
  const engine = journeyEngine(choice);
  if (engine === 'pglite') {
    const dataDir = freshDataDir();
    return {
      engine,
      dataDir,
      env: { DATA_DIR: dataDir },
      open: () => openFromTest({ pgliteDir: path.join(dataDir, 'pglite') }),
      dispose: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const dataDir = emptyDataDir();
  let url: string;
  try {
    url = await createThrowawayPostgres(undefined, process.env[DATABASE_TEMPLATE_ENV] || undefined);
  } catch (err) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  return {
    engine,
    dataDir,
    env: { DATA_DIR: dataDir, DATABASE_URL: url },
    open: () => openFromTest({ databaseUrl: url, poolMax: 1 }),
    dispose: async () => {
      await dropThrowawayPostgres(url);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Starts the production server once on a new folder, so it makes its database, migrates it and
 * loads the reference data, then stops it cleanly: the folder is the template `freshDataDir` copies.
 */
export async function makeDataTemplate(): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'savvypig-e2e-template-'));
  const server = await startServerProcess('dist-server/index.js', { DATA_DIR: dataDir });
  await server.stop();
  fs.rmSync(path.join(dataDir, 'mail'), { recursive: true, force: true });
  return dataDir;
}

/**
 * With TEST_DATABASE_URL: the same for PostgreSQL, a database a server has migrated and loaded,
 * that each journey's database copies. Its name, or null without TEST_DATABASE_URL.
 */
export async function makeDatabaseTemplate(): Promise<{ name: string; drop: () => Promise<void> } | null> {
  if (!process.env.TEST_DATABASE_URL) return null;
  const url = await createThrowawayPostgres();
  const drop = () => dropThrowawayPostgres(url);
  try {
    const server = await startServerProcess('dist-server/index.js', { DATABASE_URL: url });
    await server.stop();
  } catch (err) {
    await drop();
    throw err;
  }
  return { name: new URL(url).pathname.slice(1), drop };
}
