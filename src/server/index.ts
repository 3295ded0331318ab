import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { type Config, ConfigError, isLoopbackHost, listeningConfigError, loadConfig } from './config.ts';
import { createLogger, errorFields } from './logger.ts';
import { boot } from './boot.ts';
import { seedDemoUsers } from './seed/demo.ts';
import { announceMailbox } from './dev/announce-mailbox.ts';
import { openBackupSocket } from './backup/backup-socket.ts';

const startedAt = performance.now();

let config: Config;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    process.stderr.write(`${err.message}\n`);
    process.exit(1);
  }
  throw err;
}

const refused = listeningConfigError(config);
if (refused) {
  process.stderr.write(`${refused}\n`);
  process.exit(1);
}

const logger = createLogger(config.LOG_LEVEL);
const booted = await boot({ config, logger }).catch((err: unknown) => {
  logger.error('startup failed', errorFields(err));
  process.exit(1);
});

if (config.SEED_DEMO && isLoopbackHost(config.HOST)) {
  await seedDemoUsers(booted.deps, (line) => process.stdout.write(`${line}\n`)).catch((err: unknown) =>
    logger.error('demo seed failed', errorFields(err)),
  );
}

// PGlite's folder opens in one process only: `npm run backup` asks this one for the copy (ADR 0048).
const backupSocket =
  booted.deps.database.kind === 'pglite'
    ? await openBackupSocket({ database: booted.deps.database, dataDir: config.DATA_DIR, logger }).catch((err) => {
        logger.error('no backup socket: npm run backup needs the server stopped', errorFields(err));
        return null;
      })
    : null;

const server = serve({ fetch: booted.app.fetch, port: config.PORT, hostname: config.HOST }, (info: AddressInfo) => {
  logger.info('ready', {
    url: `http://${info.address.includes(':') ? `[${info.address}]` : info.address}:${info.port}`,
    database: booted.deps.database.kind,
    startupMs: Math.round(performance.now() - startedAt),
    rssMb: Math.round(process.memoryUsage().rss / 1048576),
  });
  if (booted.deps.mailbox) announceMailbox(config, booted.deps.mailbox);
});

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  logger.info('shutting down', { signal });
  const force = setTimeout(() => {
    logger.warn('forcing shutdown after 10 s');
    process.exit(1);
  }, 10_000);
  force.unref();
  // Stop accepting; let in-flight requests finish; end idle keep-alive and event streams.
  await booted.deps.hub.stop();
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  (server as unknown as { closeIdleConnections?: () => void }).closeIdleConnections?.();
  await closed;
  await backupSocket?.close();
  await booted.shutdown();
  logger.info('stopped');
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
