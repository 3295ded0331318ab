import fs from 'node:fs';
import { openDatabase } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { loadReferenceDataIntoDatabase } from '../reference/loader.ts';
import { quietLogger, templatePath } from './databases.ts';

/**
 * initdb costs ~3 s per PGlite instance: migrate once, dump the data folder, and let every
 * test file start from a copy (~0.6 s).
 */
export default async function setup() {
  process.env.SAVVYPIG_TEMPLATE_ID = `${process.pid}`;
  const file = templatePath();
  const database = await openDatabase({ pgliteDir: 'memory://', logger: quietLogger });
  await migrate(database);
  await loadReferenceDataIntoDatabase(database, quietLogger);
  const client = (database.db as unknown as { $client: { dumpDataDir(c?: 'gzip' | 'none'): Promise<Blob> } }).$client;
  const dump = await client.dumpDataDir('gzip');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  return () => fs.rmSync(file, { force: true });
}
