import { spawn, type ChildProcess } from 'node:child_process';
import type { Readable } from 'node:stream';

/**
 * The connection for pg_dump and pg_restore: the URL without its password, which goes in
 * PGPASSWORD instead (another user can read a command line in `ps`, not the environment).
 */
export function toolConnection(url: string): { dbname: string; env: Record<string, string> } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env: password ? { PGPASSWORD: password } : {} };
}

export type RunningTool = { child: ChildProcess; stdout: Readable; done: Promise<void> };

/**
 * Starts pg_dump or pg_restore on the database at `url`. `done` rejects with the tool's own
 * message when it fails (or is missing).
 */
export function runPgTool(tool: 'pg_dump' | 'pg_restore', url: string, args: string[], stdin?: Readable): RunningTool {
  const { dbname, env } = toolConnection(url);
  const child = spawn(tool, [...args, `--dbname=${dbname}`], {
    env: { ...process.env, ...env },
    stdio: [stdin ? 'pipe' : 'ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    if (stderr.length < 20_000) stderr += chunk.toString();
  });
  if (stdin) {
    stdin.pipe(child.stdin!);
    // pg_restore stops reading when it fails; its own exit status tells why.
    child.stdin!.on('error', () => undefined);
  }
  const done = new Promise<void>((resolve, reject) => {
    child.once('error', (err: NodeJS.ErrnoException) =>
      reject(
        err.code === 'ENOENT'
          ? new Error(`${tool} is not installed or not on PATH (Debian: apt install postgresql-client)`)
          : err,
      ),
    );
    child.once('close', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${tool} failed (${signal ?? `exit ${code}`}):\n${stderr.trim()}`));
    });
  });
  return { child, stdout: child.stdout!, done };
}
