import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { acquireFolderLock } from './client.ts';

describe('the PGlite folder lock', () => {
  it('refuses a second holder while the first is alive', () => {
    const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lock-')), 'pglite');
    const release = acquireFolderLock(dir);
    const child = spawn('sleep', ['30']);
    try {
      // Pretend another live process holds it.
      fs.writeFileSync(`${dir}.lock`, String(child.pid));
      expect(() => acquireFolderLock(dir)).toThrow(/in use by process/);
    } finally {
      child.kill();
      release();
    }
  });

  it('takes over a lock left by a process that died', () => {
    const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lock-')), 'pglite');
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    fs.writeFileSync(`${dir}.lock`, '999999');
    const release = acquireFolderLock(dir);
    expect(fs.readFileSync(`${dir}.lock`, 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(`${dir}.lock`)).toBe(false);
  });
});
