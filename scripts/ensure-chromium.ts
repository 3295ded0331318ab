// Finds Chromium for the browser tests; installs Debian's package when it can; never skips silently.
// Debian's chromium-headless-shell comes first: it is the same engine without the full browser's
// windowing layer, and the journeys used about a fifth less CPU time with it (docs/testing.md).
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';

export function chromiumPath(): string | undefined {
  const candidates = [
    process.env.CHROMIUM_PATH,
    '/usr/bin/chromium-headless-shell',
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
  ].filter(Boolean) as string[];
  return candidates.find((p) => fs.existsSync(p));
}

if (import.meta.main) {
  let found = chromiumPath();
  if (!found) {
    const isRoot = process.getuid?.() === 0;
    const hasApt = spawnSync('which', ['apt-get']).status === 0;
    if (isRoot && hasApt) {
      process.stdout.write('Chromium not found: installing Debian package "chromium-headless-shell"…\n');
      const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
      execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
      execFileSync(
        'apt-get',
        ['install', '-y', '-qq', '--no-install-recommends', 'chromium-headless-shell', 'fonts-dejavu-core'],
        {
          stdio: 'inherit',
          env,
        },
      );
      found = chromiumPath();
    }
  }
  if (!found) {
    process.stderr.write(
      'The browser tests need Chromium and none was found.\n' +
        'Install it (Debian: sudo apt-get install chromium-headless-shell) or set CHROMIUM_PATH to a Chromium binary.\n',
    );
    process.exit(1);
  }
  process.stdout.write(`Chromium: ${found}\n`);
}
