/**
 * The journeys' accessibility check itself (e2e/axe.ts, `assertAccessible`): it must find what axe
 * finds, where it is asked to look, after a navigation, and inside a same-origin frame, and must
 * not hang on a sandboxed one (the dev mailbox's preview). The pages come from a small local
 * server: axe talks to frames by origin, which a page set with `setContent` lacks.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { axeViolations } from './axe.ts';
import { assertAccessible, launchBrowser } from './fixtures.ts';

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const CLEAN =
  '<!doctype html><html lang="en"><head><title>Clean</title></head><body><main><h1>Fine</h1><p>Readable text.</p></main></body></html>';
const FAULTY = `<!doctype html><html lang="en"><head><title>Faulty</title></head><body><main>
  <h1>Faults</h1>
  <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" id="no-alt">
  <p id="faint" style="color:#bbb;background:#fff">Too faint to read</p>
  <div data-toaster><button id="unnamed-in-toaster" style="width:48px;height:48px"></button></div>
  <section id="part"><button id="unnamed" style="width:48px;height:48px"></button></section>
</main></body></html>`;

const FRAMES = `<!doctype html><html lang="en"><head><title>Frames</title></head><body><main><h1>Frames</h1>
  <iframe title="Inner" src="/inner"></iframe>
  <iframe title="Sandboxed" sandbox="" srcdoc="<p>No scripts here</p>"></iframe>
</main></body></html>`;
const INNER =
  '<!doctype html><html lang="en"><head><title>Inner</title></head><body><button id="inner" style="width:48px;height:48px"></button></body></html>';
const PAGES: Record<string, string> = { '/clean': CLEAN, '/faulty': FAULTY, '/frames': FRAMES, '/inner': INNER };

let browser: Browser;
let page: Page;
let server: http.Server;
let base: string;
before(async () => {
  server = http.createServer((req, res) => {
    const body = PAGES[req.url ?? ''];
    res.writeHead(body ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' }).end(body ?? 'Not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchBrowser();
  page = await browser.newPage();
});
after(async () => {
  await browser?.close();
  server?.close();
});

const ids = async (run: Parameters<typeof axeViolations>[1]) =>
  (await axeViolations(page, run)).map((v) => v.id).sort();

test('finds the faults axe knows, with where they are', async () => {
  await page.goto(`${base}/clean`);
  assert.deepEqual(await ids({ tags: WCAG }), []);
  await assertAccessible(page, 'a clean page');

  // A navigation drops the injected axe: it is put back.
  await page.goto(`${base}/faulty`);
  const found = await axeViolations(page, { tags: WCAG, exclude: ['[data-toaster]'] });
  assert.deepEqual(found.map((v) => v.id).sort(), ['button-name', 'color-contrast', 'image-alt']);
  const buttons = found.find((v) => v.id === 'button-name')!;
  assert.deepEqual(
    buttons.nodes.map((n) => n.target),
    ['#unnamed'],
    'the excluded toaster is not judged',
  );
  assert.match(buttons.nodes[0]!.failureSummary, /Fix any of the following/);
  await assert.rejects(assertAccessible(page, 'the faulty page'), /accessibility problems on the faulty page/);
});

test('looks only where it is asked: a part of the page, or just the colour rules', async () => {
  await page.goto(`${base}/faulty`);
  assert.deepEqual(await ids({ tags: WCAG, include: '#part' }), ['button-name']);
  assert.deepEqual(await ids({ rules: ['color-contrast', 'link-in-text-block'] }), ['color-contrast']);
  await assert.rejects(assertAccessible(page, 'the faint text', { coloursOnly: true }), /color-contrast: #faint/);
});

test('judges a same-origin frame, and gets past a sandboxed one', async () => {
  await page.goto(`${base}/frames`);
  await page.frameLocator('iframe[title="Inner"]').locator('#inner').waitFor();
  const started = performance.now();
  const found = await axeViolations(page, { tags: WCAG });
  assert.ok(performance.now() - started < 20_000, 'the sandboxed frame did not hold the run up');
  assert.deepEqual(
    found.filter((v) => v.id === 'button-name').flatMap((v) => v.nodes.map((n) => n.target)),
    ['iframe[title="Inner"] #inner'],
  );
});
