// Finds Chromium for the browser tests; installs Debian's package when it can; never skips silently.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';

export function chromiumPath(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(
    Boolean,
  ) as string[];
  return candidates.find((p) => fs.existsSync(p));
}

if (import.meta.main) {
  let found = chromiumPath();
  if (!found) {
    const isRoot = process.getuid?.() === 0;
    const hasApt = spawnSync('which', ['apt-get']).status === 0;
    if (isRoot && hasApt) {
      process.stdout.write('Chromium not found: installing Debian package "chromium"…\n');
      const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
      execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
      execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium', 'fonts-dejavu-core'], {
        stdio: 'inherit',
        env,
      });
      found = chromiumPath();
    }
  }
  if (!found) {
    process.stderr.write(
      'The browser tests need Chromium and none was found.\n' +
        'Install it (Debian/Ubuntu: sudo apt-get install chromium) or set CHROMIUM_PATH to a Chromium binary.\n',
    );
    process.exit(1);
  }
  process.stdout.write(`Chromium: ${found}\n`);
}
