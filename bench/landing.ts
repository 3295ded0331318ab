/**
 * `npm run bench:landing`: what a visitor who has not signed in downloads for the landing page `/`,
 * against issue 26's target: the JavaScript before first render at most 120 kB gzip (120,000 bytes).
 * It builds the web app and the server bundle when they are older than their sources, starts the
 * production server (PGlite, an empty data folder), fetches `/` as a browser does
 * (Accept-Encoding: br, gzip), then every script and module preload the HTML names and their static
 * imports, and prints each raw, gzip (level 9) and Brotli (quality 11), with what the server sent.
 * It also prints the landing route's own chunk (loaded by the router after first render, found in
 * dist/.vite/manifest.json), the stylesheets, and whether public API answers came back compressed.
 * See docs/performance.md.
 *
 * Exit code: 0 PASS; 1 the run failed; 2 FAIL (over the target).
 */
import path from 'node:path';
import { Cleanup } from './lib/cleanup.ts';
import { prepareDatabase, runBenchmark, startTracked } from './lib/harness.ts';
import {
  type AssetSize,
  BROWSER_ACCEPT_ENCODING,
  getRaw,
  htmlRequests,
  measureAsset,
  measureScripts,
  routeChunks,
} from './lib/landing-page.ts';
import { printTable, writeResults } from './lib/report.ts';
import { ensureServerBundle } from './lib/server.ts';
import { loadSettings } from './lib/settings.ts';
import { ensureWebBuild } from './lib/web-build.ts';

/** Issue 26: "the landing page's JavaScript before first render ≤ 120 kB gzip". */
const TARGET_GZIP_BYTES = 120_000;
/** The page the router shows at `/` (src/web/app/router.tsx). */
const LANDING_ROUTE_SOURCE = 'src/web/home/home-page.tsx';
/** Public JSON answers of several KB: the bank picker's search and the OpenAPI document. */
const API_ANSWERS = ['/api/reference/banks?q=a', '/api/openapi.json'];

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const sum = (assets: AssetSize[], key: 'rawBytes' | 'gzipBytes' | 'brotliBytes') =>
  assets.reduce((total, asset) => total + asset[key], 0);

function printAssets(title: string, assets: AssetSize[]): void {
  console.log(`\n${title}`);
  const rows = assets.map((a) => [
    a.path,
    a.via,
    kB(a.rawBytes),
    kB(a.gzipBytes),
    kB(a.brotliBytes),
    `${a.sent.coding ?? 'identity'} ${kB(a.sent.bytes)}`,
  ]);
  rows.push([
    `total (${assets.length} files)`,
    '',
    kB(sum(assets, 'rawBytes')),
    kB(sum(assets, 'gzipBytes')),
    kB(sum(assets, 'brotliBytes')),
    kB(assets.reduce((total, a) => total + a.sent.bytes, 0)),
  ]);
  printTable(['file', 'asked for by', 'raw', 'gzip', 'brotli', 'sent'], rows, [false, false, true, true, true, true]);
}

async function apiAnswer(baseUrl: string, apiPath: string) {
  const plain = await getRaw(baseUrl, apiPath);
  const sent = await getRaw(baseUrl, apiPath, { 'Accept-Encoding': BROWSER_ACCEPT_ENCODING });
  if (plain.status !== 200 || sent.status !== 200) throw new Error(`GET ${apiPath}: ${plain.status}/${sent.status}`);
  if (!sent.body.equals(plain.body))
    throw new Error(`GET ${apiPath}: the decompressed answer differs from the plain one`);
  return {
    path: apiPath,
    bytes: plain.wireBytes,
    coding: sent.coding,
    sentBytes: sent.wireBytes,
    vary: sent.headers.vary ?? null,
  };
}

const cleanup = new Cleanup();

async function main(): Promise<number> {
  const settings = loadSettings(process.env);
  ensureWebBuild(settings.repoRoot);
  ensureServerBundle(settings.repoRoot);
  console.log('SavvyPig landing page benchmark: what a visitor who has not signed in downloads for /');
  const server = await startTracked(await prepareDatabase('pglite', settings, cleanup), cleanup);

  const page = await getRaw(server.baseUrl, '/', { Accept: 'text/html', 'Accept-Encoding': BROWSER_ACCEPT_ENCODING });
  if (page.status !== 200) throw new Error(`GET /: ${page.status}`);
  const requests = htmlRequests(page.body.toString('utf8'));
  console.log(
    `GET / → ${page.status}, ${page.coding ?? 'identity'} ${kB(page.wireBytes)} (${kB(page.body.length)} of HTML); ` +
      `it names ${requests.scripts.length} scripts, ${requests.modulePreloads.length} module preloads, ${requests.stylesheets.length} stylesheets`,
  );

  const firstRender = await measureScripts(server.baseUrl, requests);
  printAssets(
    'JavaScript before first render (the HTML’s scripts and module preloads, and their static imports)',
    firstRender,
  );
  const manifest = path.join(settings.repoRoot, 'dist', '.vite', 'manifest.json');
  const counted = new Set(firstRender.map((a) => a.path));
  const landingRoute = await Promise.all(
    routeChunks(manifest, LANDING_ROUTE_SOURCE)
      .filter((file) => !counted.has(file))
      .map((file) => measureAsset(server.baseUrl, file, 'landing route (lazy)')),
  );
  printAssets('Then the landing route’s own code, loaded by the router after first render (not counted)', landingRoute);
  const styles = await Promise.all(
    requests.stylesheets.map((file) => measureAsset(server.baseUrl, file, 'stylesheet')),
  );
  printAssets('Stylesheets (not counted: the target is JavaScript)', styles);

  console.log('\nAPI answers to a browser (Accept-Encoding: br, gzip)');
  const answers = [];
  for (const apiPath of API_ANSWERS) answers.push(await apiAnswer(server.baseUrl, apiPath));
  printTable(
    ['answer', 'plain', 'sent', 'compressed', 'Vary'],
    answers.map((a) => [
      a.path,
      kB(a.bytes),
      `${a.coding ?? 'identity'} ${kB(a.sentBytes)}`,
      a.coding ? 'yes' : 'NO',
      String(a.vary ?? ''),
    ]),
    [false, true, true, false, false],
  );
  await server.stop();

  const gzipBytes = sum(firstRender, 'gzipBytes');
  const met = gzipBytes <= TARGET_GZIP_BYTES;
  const withRoute = gzipBytes + sum(landingRoute, 'gzipBytes');
  const strip = ({ body: _body, ...rest }: AssetSize) => rest;
  const file = writeResults(settings, 'landing.json', {
    target: { gzipBytes: TARGET_GZIP_BYTES },
    html: { bytes: page.body.length, sent: { coding: page.coding, bytes: page.wireBytes } },
    firstRender: firstRender.map(strip),
    landingRoute: landingRoute.map(strip),
    stylesheets: styles.map(strip),
    apiAnswers: answers,
  });
  console.log(`\nresults written to ${path.relative(process.cwd(), file)}`);
  console.log(
    `${met ? 'PASS' : 'FAIL'}: JavaScript before first render ${kB(gzipBytes)} gzip ${met ? '≤' : '>'} ${kB(TARGET_GZIP_BYTES)} ` +
      `(${firstRender.length} files, ${kB(sum(firstRender, 'brotliBytes'))} Brotli); with the landing route's code ${kB(withRoute)} gzip`,
  );
  return met ? 0 : 2;
}

runBenchmark(async () => {
  try {
    return await main();
  } finally {
    await cleanup.runAll();
  }
}, cleanup);
