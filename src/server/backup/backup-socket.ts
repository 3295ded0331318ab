import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Database } from '../db/client.ts';
import { errorFields, type Logger } from '../logger.ts';
import { dumpPglite, type DumpFacts } from './dump-pglite.ts';

/** Longest Unix socket path Linux takes (sun_path is 108 bytes with its NUL). */
const MAX_SOCKET_PATH_BYTES = 107;
const COPY_NAME = /^copy-[0-9a-f]{16}\.tar$/;

/** What the server answers to `dump`: the copy's facts and the file it wrote them to. */
export type DumpAnswer = DumpFacts & { file: string; bytes: number };

/** Where a server on PGlite listens for `npm run backup`: a folder only its own user may enter. */
export function backupSocketPath(dataDir: string): string {
  return path.join(path.resolve(dataDir), 'control', 'backup.sock');
}

/**
 * The running server's side of `npm run backup` on PGlite (docs/decisions/0048). Only one process
 * may open a PGlite folder, so the server copies it. A client on the Unix socket sends `dump`; the
 * server writes the copy to a file beside the socket and answers one JSON line (DumpAnswer, or
 * `{ error }`); the client reads and compresses the file in its own process, and the server
 * deletes it when the connection closes. (Sending the bytes down the socket, or compressing them
 * here, took a minute under load: each chunk waits for a turn of a busy event loop.)
 *
 * The socket sits in a 0700 folder of the data folder: only the server's own user (and root),
 * who can read the data folder anyway, can connect; no HTTP route or proxy reaches it.
 */
export async function openBackupSocket(options: {
  database: Database;
  dataDir: string;
  logger: Logger;
}): Promise<{ close(): Promise<void> }> {
  const { database, logger } = options;
  const socketPath = backupSocketPath(options.dataDir);
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH_BYTES) {
    logger.warn('no backup socket: the data folder path is too long for one; stop the server to back up', {
      socketPath,
    });
    return { close: async () => undefined };
  }
  const folder = path.dirname(socketPath);
  preparePrivateFolder(folder);
  // Left by a server that was killed (this process holds the folder lock, so they are stale).
  for (const name of fs.readdirSync(folder)) {
    if (name === 'backup.sock' || COPY_NAME.test(name)) fs.rmSync(path.join(folder, name), { force: true });
  }

  let running: Promise<void> | null = null;
  const server = net.createServer((socket) => {
    socket.on('error', () => undefined);
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.setTimeout(10_000, () => socket.destroy());
    let command = '';
    socket.on('data', function onData(chunk: Buffer) {
      command += chunk.toString('latin1');
      if (!command.includes('\n') && command.length < 64) return;
      socket.off('data', onData);
      socket.resume();
      socket.setTimeout(0);
      const refuse = (error: string) => socket.end(`${JSON.stringify({ error })}\n`);
      if (command.split('\n')[0]!.trim() !== 'dump')
        return refuse('Unknown command: the backup socket knows only "dump"');
      if (running) return refuse('A backup is already being taken; try again when it has finished');
      running = serveCopy(socket, closed).finally(() => {
        running = null;
      });
    });
  });

  async function serveCopy(socket: net.Socket, closed: Promise<void>) {
    const started = performance.now();
    const file = path.join(folder, `copy-${randomBytes(8).toString('hex')}.tar`);
    try {
      const { facts, tar } = await dumpPglite(database);
      // One write call: a chunked write would wait for the event loop between chunks.
      fs.writeFileSync(file, tar, { mode: 0o600, flag: 'wx' });
      socket.write(`${JSON.stringify({ ...facts, file, bytes: tar.length } satisfies DumpAnswer)}\n`);
      logger.info('backup copy taken', { bytes: tar.length, ms: Math.round(performance.now() - started) });
      // The client opens the file, then closes the connection; its open file outlives the name.
      socket.setTimeout(60_000, () => socket.destroy());
      await closed;
    } catch (err) {
      logger.error('backup copy failed', errorFields(err));
      socket.end(`${JSON.stringify({ error: `The server could not copy the database: ${String(err)}` })}\n`);
    } finally {
      fs.rmSync(file, { force: true });
    }
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    async close() {
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
      await running;
      await stopped;
      fs.rmSync(socketPath, { force: true });
    },
  };
}

/** Makes `dir` a folder only this user may enter (its mode is what keeps others off the socket). */
function preparePrivateFolder(dir: string) {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const stat = fs.lstatSync(dir);
  if (!stat.isDirectory() || (process.getuid && stat.uid !== process.getuid()))
    throw new Error(`${dir} must be a folder owned by the server's user`);
  fs.chmodSync(dir, 0o700);
}
