// npm run backup -- FILE
// One archive with a consistent copy of the running server's database and its stored files, taken
// while it serves (docs/operations.md, "Backups"; docs/decisions/0048). Run it with the server's
// environment (DATA_DIR or DATABASE_URL, FILE_STORAGE_DIR) and as the server's user.
import { ConfigError, loadConfig } from '../src/server/config.ts';
import { createLogger } from '../src/server/logger.ts';
import { takeBackup } from '../src/server/backup/take-backup.ts';

const args = process.argv.slice(2);
const file = args[0];
if (args.length !== 1 || !file || file.startsWith('-')) {
  process.stderr.write('Usage: npm run backup -- FILE   (e.g. /var/backups/savvypig/2026-11-28.tar)\n');
  process.exit(2);
}

const started = performance.now();
try {
  const manifest = await takeBackup({ config: loadConfig(), file, logger: createLogger('error') });
  const files = manifest.files ? `, ${manifest.files.count} stored file${manifest.files.count === 1 ? '' : 's'}` : '';
  process.stdout.write(
    `Backed up ${manifest.engine === 'pglite' ? 'PGlite' : 'PostgreSQL'} (migration ${manifest.latestMigration?.tag ?? 'none'}, ` +
      `database ${(manifest.database.bytes / 1048576).toFixed(1)} MB${files}) taken at ${manifest.takenAt} to ${file} ` +
      `in ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
  );
} catch (err) {
  process.stderr.write(`Backup failed: ${err instanceof ConfigError ? err.message : (err as Error).message}\n`);
  process.exit(1);
}
