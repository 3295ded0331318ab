import fs from 'node:fs';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDirForTest } from '../test/temp-dir.ts';
import { acquireFolderLock } from './folder-lock.ts';
import { identityOf, readProcStat } from './process-identity.ts';

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

function folder(): string {
  return path.join(tempDirForTest('lock-'), 'pglite');
}

function lockOf(dir: string): Record<string, unknown> {
  return JSON.parse(fs.readFileSync(`${dir}.lock`, 'utf8')) as Record<string, unknown>;
}

/** A process that runs until killed. */
function sleeper(): ChildProcess {
  const child = spawn('sleep', ['30']);
  children.push(child);
  return child;
}

/** Reads the first line a child prints. */
async function firstLine(child: ChildProcess): Promise<string> {
  let text = '';
  for await (const chunk of child.stdout!) {
    text += String(chunk);
    if (text.includes('\n')) return text.split('\n')[0]!;
  }
  throw new Error(`no line from the child: ${text}`);
}

const linux = process.platform === 'linux';

describe('the PGlite folder lock', () => {
  it('refuses a second holder while the first runs, and is taken over once the first is killed', async () => {
    const dir = folder();
    const holder = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import { acquireFolderLock } from ${JSON.stringify(path.resolve('src/server/db/folder-lock.ts'))};
         acquireFolderLock(${JSON.stringify(dir)}); console.log('locked'); setInterval(() => {}, 1000);`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    children.push(holder);
    expect(await firstLine(holder)).toBe('locked');
    expect(() => acquireFolderLock(dir)).toThrow(`in use by process ${holder.pid}`);

    holder.kill('SIGKILL');
    await once(holder, 'exit');
    const release = acquireFolderLock(dir);
    expect(lockOf(dir).pid).toBe(process.pid);
    release();
    expect(fs.existsSync(`${dir}.lock`)).toBe(false);
  });

  it('refuses a second holder in the same process', () => {
    const dir = folder();
    const release = acquireFolderLock(dir);
    expect(() => acquireFolderLock(dir)).toThrow('in use by this process');
    release();
  });

  it.runIf(linux)('takes over a lock whose process id now belongs to another, live process', () => {
    const dir = folder();
    const other = sleeper();
    const started = readProcStat(other.pid!)!.startTicks;
    // The holder had this id once and exited; `sleep` was later given the same id.
    const earlier = String(Number(started) - 1);
    fs.writeFileSync(`${dir}.lock`, JSON.stringify({ ...identityOf(other.pid), startTicks: earlier, nonce: 'x' }));
    const release = acquireFolderLock(dir);
    expect(lockOf(dir)).toMatchObject({ pid: process.pid, startTicks: identityOf().startTicks });
    release();
  });

  it.runIf(linux)('still refuses when that process is the holder itself (same id, same start)', () => {
    const dir = folder();
    const other = sleeper();
    fs.writeFileSync(`${dir}.lock`, JSON.stringify({ ...identityOf(other.pid), nonce: 'x' }));
    expect(() => acquireFolderLock(dir)).toThrow(`in use by process ${other.pid}`);
  });

  it.runIf(linux)('takes over a lock whose holder is a zombie (exited, not yet reaped by its parent)', async () => {
    const dir = folder();
    // The shell starts a child, prints its id, then becomes `sleep`, which never reaps it: the
    // child exits only once its parent is `sleep` (a child that exited sooner could be reaped by
    // the shell, and no zombie would be left), then stays a zombie while `sleep` runs.
    const child = `until [ "$(cat /proc/$PPID/comm)" = sleep ]; do sleep 0.01; done`;
    const parent = spawn('sh', ['-c', `sh -c '${child}' & echo $!; exec sleep 30`], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(parent);
    const zombie = Number(await firstLine(parent));
    await expect.poll(() => readProcStat(zombie)?.state, { timeout: 5_000, interval: 10 }).toBe('Z');

    // Its own identity, exactly as it would have written it: only its state gives it away.
    fs.writeFileSync(`${dir}.lock`, JSON.stringify({ ...identityOf(zombie), nonce: 'x' }));
    acquireFolderLock(dir)();
    // A lock in the older form (the bare id) too.
    fs.writeFileSync(`${dir}.lock`, String(zombie));
    acquireFolderLock(dir)();
    expect(readProcStat(zombie)?.state).toBe('Z');
  });

  it.runIf(linux)('takes over a lock written before the machine restarted', () => {
    const dir = folder();
    const other = sleeper();
    fs.writeFileSync(
      `${dir}.lock`,
      JSON.stringify({ ...identityOf(other.pid), bootId: '00000000-0000-0000-0000-000000000000', nonce: 'x' }),
    );
    acquireFolderLock(dir)();
  });

  it('takes over a lock left by a process that exited, in either form', async () => {
    const dir = folder();
    const gone = spawn('true');
    await once(gone, 'exit');
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    fs.writeFileSync(`${dir}.lock`, String(gone.pid));
    acquireFolderLock(dir)();
    fs.writeFileSync(`${dir}.lock`, JSON.stringify({ pid: gone.pid, startTicks: '1', nonce: 'x' }));
    acquireFolderLock(dir)();
    expect(fs.existsSync(`${dir}.lock`)).toBe(false);
  });

  it("releasing leaves another holder's lock alone", () => {
    const dir = folder();
    const release = acquireFolderLock(dir);
    const other = sleeper();
    const theirs = JSON.stringify({ ...identityOf(other.pid), nonce: 'theirs' });
    fs.writeFileSync(`${dir}.lock`, theirs);
    release();
    expect(fs.readFileSync(`${dir}.lock`, 'utf8')).toBe(theirs);
  });
});
