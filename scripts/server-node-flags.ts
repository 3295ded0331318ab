/**
 * The Node flags production runs the server with: `config.serverNodeFlags` in package.json, which
 * `npm start` passes to node. Benchmarks and browser tests start the bundle with the same flags,
 * so they measure and drive what production runs.
 */
import fs from 'node:fs';

const packageJson = new URL('../package.json', import.meta.url);

export function serverNodeFlags(): string[] {
  const { config } = JSON.parse(fs.readFileSync(packageJson, 'utf8')) as { config?: { serverNodeFlags?: string } };
  return (config?.serverNodeFlags ?? '').split(/\s+/).filter(Boolean);
}
