import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { DumpAnswer } from './backup-socket.ts';

/**
 * Asks the server on the backup socket for a copy of its PGlite database: the facts, and the
 * copy's bytes as a stream. The copy is opened before the connection closes (the server then
 * deletes its name; the open file stays readable). Null when no server listens there.
 */
export async function requestDump(socketPath: string): Promise<{ answer: DumpAnswer; body: Readable } | null> {
  const socket = net.connect(socketPath);
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('error', reject);
    });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ECONNREFUSED') return null;
    if (code === 'EACCES')
      throw new Error(`Permission denied on ${socketPath}: run the backup as the user the server runs as`);
    throw err;
  }
  try {
    socket.write('dump\n');
    const answer = JSON.parse(await firstLine(socket)) as DumpAnswer | { error: string };
    if ('error' in answer) throw new Error(answer.error);
    if (path.dirname(answer.file) !== path.dirname(socketPath))
      throw new Error('The server named a copy outside its folder');
    const fd = fs.openSync(answer.file, 'r');
    const { size } = fs.fstatSync(fd);
    if (size !== answer.bytes) {
      fs.closeSync(fd);
      throw new Error(`The server's copy has ${size} of its ${answer.bytes} bytes`);
    }
    return { answer, body: fs.createReadStream('', { fd }) };
  } finally {
    socket.destroy();
  }
}

/** The first line the server sends, without ending the connection (reading with for-await would). */
function firstLine(socket: net.Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    const onData = (chunk: Buffer) => {
      text += chunk.toString('utf8');
      if (!text.includes('\n')) return;
      done();
      resolve(text.slice(0, text.indexOf('\n')));
    };
    const onEnd = () => {
      done();
      reject(new Error('The server closed the backup socket without answering'));
    };
    const done = () => {
      socket.off('data', onData).off('end', onEnd).off('error', reject);
    };
    socket.on('data', onData).once('end', onEnd).once('error', reject);
  });
}
