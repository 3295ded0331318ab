/**
 * Summarises a V8 `.cpuprofile` (from BENCH_CPU_PROF=1 or `node --cpu-prof`): the functions
 * with the most self time, and self time per package, so a benchmark's hot spots read in a terminal.
 *
 *   node bench/profile-summary.ts bench/results/profiles/<engine>-<time>/<file>.cpuprofile [top=30]
 */
import fs from 'node:fs';

type CallFrame = { functionName: string; url: string; lineNumber: number };
type ProfileNode = { id: number; callFrame: CallFrame; children?: number[] };
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

function selfTimeByNode(profile: Profile): Map<number, number> {
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => {
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  return self;
}

/** `node_modules/drizzle-orm/...` → `drizzle-orm`; our bundle → `dist-server`; V8 internals keep their name. */
function packageOf(url: string, functionName: string): string {
  if (!url) return `(${functionName || 'anonymous'})`;
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (inModules) return inModules[1]!;
  if (url.startsWith('node:')) return 'node core';
  if (url.includes('dist-server')) return 'dist-server (bundle)';
  return url.replace(/^file:\/\//, '');
}

function label(frame: CallFrame): string {
  const file = frame.url.replace(/^file:\/\/.*\/(node_modules\/|dist-server\/)/, '$1');
  return `${frame.functionName || '(anonymous)'} ${file ? `${file}:${frame.lineNumber + 1}` : ''}`.trim();
}

function printTop(title: string, totals: Map<string, number>, all: number, top: number): void {
  console.log(`\n${title}`);
  const rows = [...totals].sort((a, b) => b[1] - a[1]).slice(0, top);
  for (const [name, us] of rows) {
    console.log(`${(us / 1000).toFixed(0).padStart(8)} ms ${((us / all) * 100).toFixed(1).padStart(5)}%  ${name}`);
  }
}

function main(): void {
  const [file, topArg] = process.argv.slice(2);
  if (!file) {
    console.error('usage: node bench/profile-summary.ts <file.cpuprofile> [top]');
    process.exitCode = 2;
    return;
  }
  const top = Number(topArg ?? 30);
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = selfTimeByNode(profile);
  const all = [...self.values()].reduce((a, b) => a + b, 0);
  const byFunction = new Map<string, number>();
  const byPackage = new Map<string, number>();
  for (const [id, us] of self) {
    const frame = nodes.get(id)!.callFrame;
    byFunction.set(label(frame), (byFunction.get(label(frame)) ?? 0) + us);
    const pkg = packageOf(frame.url, frame.functionName);
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + us);
  }
  console.log(`${file}: ${(all / 1e6).toFixed(1)} s sampled`);
  printTop('self time by package', byPackage, all, top);
  printTop('self time by function', byFunction, all, top);
}

main();
