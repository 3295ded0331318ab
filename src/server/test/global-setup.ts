import fs from 'node:fs';
import { openDatabase } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { loadReferenceDataIntoDatabase } from '../reference/loader.ts';
import { createThrowawayPostgres, dropThrowawayPostgres, quietLogger, templatePath } from './databases.ts';

/**
 * initdb costs ~3 s per PGlite instance: migrate once, dump the data folder, and let every
 * test file start from a copy (~0.6 s). With TEST_DATABASE_URL, likewise one migrated PostgreSQL
 * database (reference data loaded, as in the PGlite copy) that each test database copies
 * (`create database … template`), instead of running every migration again for each.
 */
export default async function setup() {
  const pgTemplate = process.env.TEST_DATABASE_URL ? await postgresTemplate() : undefined;
  process.env.SAVVYPIG_TEMPLATE_ID = `${process.pid}`;
  const file = templatePath();
  const database = await openDatabase({ pgliteDir: 'memory://', logger: quietLogger });
  await migrate(database);
  await loadReferenceDataIntoDatabase(database, quietLogger);
  const client = (database.db as unknown as { $client: { dumpDataDir(c?: 'gzip' | 'none'): Promise<Blob> } }).$client;
  // Not compressed: each open would first try it as a tar, fail, then inflate 64 MB.
  const dump = await client.dumpDataDir('none');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  return async () => {
    fs.rmSync(file, { force: true });
    if (pgTemplate) await dropThrowawayPostgres(pgTemplate);
  };
}

/** A migrated PostgreSQL database with the reference data in it, named in SAVVYPIG_PG_TEMPLATE. */
async function postgresTemplate(): Promise<string> {
  const url = await createThrowawayPostgres();
  const database = await openDatabase({ databaseUrl: url, poolMax: 1, logger: quietLogger });
  try {
    await migrate(database);
    await loadReferenceDataIntoDatabase(database, quietLogger);
  } catch (error) {
    await database.close();
    await dropThrowawayPostgres(url);
    throw error;
  }
  await database.close();
  process.env.SAVVYPIG_PG_TEMPLATE = new URL(url).pathname.slice(1);
  return url;
}
