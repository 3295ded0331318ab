import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { newestMtime } from './server.ts';

/**
 * The web app as `npm run build` leaves it (dist/, precompressed, with .vite/manifest.json).
 * Rebuilt when missing or older than its sources, so a benchmark never measures yesterday's bundle.
 */
export function ensureWebBuild(repoRoot: string): void {
  const manifest = path.join(repoRoot, 'dist', '.vite', 'manifest.json');
  const sources = [
    'src/web',
    'src/core',
    'index.html',
    'public',
    'vite.config.ts',
    'scripts/precompress.ts',
    'package-lock.json',
  ];
  const builtAt = fs.existsSync(manifest) ? fs.statSync(manifest).mtimeMs : 0;
  if (builtAt > newestMtime(sources.map((s) => path.join(repoRoot, s)))) return;
  console.log(
    builtAt ? 'dist/ is older than the web sources: rebuilding it (vite build)' : 'Building dist/ (vite build)',
  );
  const cli = path.join(repoRoot, 'node_modules', 'vite', 'bin', 'vite.js');
  const result = spawnSync(process.execPath, [cli, 'build', '--logLevel', 'warn'], { cwd: repoRoot, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('The web app failed to build (vite build)');
}
