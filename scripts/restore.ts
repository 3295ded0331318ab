// npm run restore -- FILE [--force]
// Restores a backup made by `npm run backup` into the configured database (DATA_DIR's PGlite folder,
// or DATABASE_URL) and FILE_STORAGE_DIR, which must be empty unless --force (docs/operations.md).
import { ConfigError, loadConfig } from '../src/server/config.ts';
import { createLogger } from '../src/server/logger.ts';
import { restoreBackup } from '../src/server/backup/restore-backup.ts';
import { RestoreRefused } from '../src/server/backup/restore-target.ts';

const args = process.argv.slice(2);
const force = args.includes('--force');
const files = args.filter((arg) => arg !== '--force');
const file = files[0];
if (files.length !== 1 || !file || file.startsWith('-')) {
  process.stderr.write('Usage: npm run restore -- FILE [--force]\n');
  process.exit(2);
}

const started = performance.now();
try {
  const manifest = await restoreBackup({
    config: loadConfig(),
    file,
    force,
    logger: createLogger('error'),
    say: (line) => process.stdout.write(`${line}\n`),
  });
  process.stdout.write(
    `Restored the ${manifest.engine === 'pglite' ? 'PGlite' : 'PostgreSQL'} backup taken at ${manifest.takenAt} ` +
      `(migration ${manifest.latestMigration?.tag ?? 'none'}${manifest.files ? `, ${manifest.files.count} stored file${manifest.files.count === 1 ? '' : 's'}` : ''}) ` +
      `in ${((performance.now() - started) / 1000).toFixed(1)} s. Start the server to serve it.\n`,
  );
} catch (err) {
  const known = err instanceof RestoreRefused || err instanceof ConfigError;
  process.stderr.write(`${known ? '' : 'Restore failed: '}${(err as Error).message}\n`);
  process.exit(1);
}
