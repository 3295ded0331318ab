import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { decodeFragment, encodeFragment } from '../src/core/checker/fragment.ts';
import type { CheckerRow } from '../src/core/checker/state.ts';
import { bankIdOf } from './account-setup.ts';
import { checkAndPicture, newPage, rejectCookies, useServerAndBrowser } from './fixtures.ts';

const env = useServerAndBrowser();
const PAGE = '/features/fscs-protection-checker';

const bankTrigger = (page: Page) => page.getByRole('combobox', { name: 'Bank or building society' });
const focused = (page: Page) =>
  page.evaluate(
    () => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent?.trim() ?? '',
  );

/** The name on the active option of the open bank search (its first line). */
async function activeBank(search: Locator): Promise<string> {
  const id = await search.getAttribute('aria-activedescendant');
  if (!id) return '';
  return (await search.page().locator(`[id="${id}"] .font-medium`).first().textContent())?.trim() ?? '';
}

/** Adds a sole-account row using only the keyboard, from the bank picker's button. */
async function addRowWithKeyboard(page: Page, bankName: string, amount: string): Promise<void> {
  await bankTrigger(page).focus();
  await page.keyboard.press('Enter');
  const search = page.getByRole('combobox', { name: 'Search banks' });
  await search.waitFor();
  await page.keyboard.type(bankName);
  // Wait for the debounced search, then move down to the brand with exactly this name.
  await page.waitForFunction(
    (name) => [...document.querySelectorAll('[role=option] .font-medium')].some((n) => n.textContent?.trim() === name),
    bankName,
  );
  for (let i = 0; i < 20 && (await activeBank(search)) !== bankName; i++) await page.keyboard.press('ArrowDown');
  assert.equal(await activeBank(search), bankName);
  await page.keyboard.press('Enter');
  await assert.doesNotReject(() => bankTrigger(page).filter({ hasText: bankName }).waitFor());
  assert.equal(
    await bankTrigger(page).evaluate((el) => el === document.activeElement),
    true,
    'focus returns to the picker',
  );

  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => (document.activeElement as HTMLInputElement).id), 'checker-amount');
  await page.keyboard.type(amount);
  await page.keyboard.press('Tab'); // who holds it (sole)
  await page.keyboard.press('Tab'); // temporary high balance box
  await page.keyboard.press('Tab');
  assert.equal(await focused(page), 'Add to the check');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: new RegExp(`^Remove ${bankName}, `) }).waitFor();
}

test('a signed-out visitor checks Halifax and Bank of Scotland with the keyboard, shares the link and comes back to it', async () => {
  const context = await env.browser.newContext({
    viewport: { width: 1280, height: 900 },
    locale: 'en-GB',
    colorScheme: 'light',
  });
  const { page, errors } = await newPage(context);
  const requests: { url: string; referer: string }[] = [];
  page.on('request', (request) => requests.push({ url: request.url(), referer: request.headers().referer ?? '' }));

  await page.goto(`${env.server.base}${PAGE}`);
  await page.getByRole('heading', { level: 1, name: 'Deposit protection checker' }).waitFor();
  await rejectCookies(page, { byKeyboard: true });
  await page.getByText('£120,000 per person per licence, in force since 1 December 2025.').waitFor();
  await page.getByRole('link', { name: 'Log in' }).first().waitFor(); // signed out

  await addRowWithKeyboard(page, 'Halifax', '70,000');
  await addRowWithKeyboard(page, 'Bank of Scotland', '70000');

  const licences = page.getByRole('article');
  await licences.filter({ hasText: 'Bank of Scotland plc' }).waitFor();
  assert.equal(await licences.count(), 1, 'one licence for both brands');
  const licence = page.getByRole('article', { name: 'Bank of Scotland plc' });
  assert.match(
    await licence.locator('dl').innerText(),
    /Your total here\s*£140,000\.00\s*Protected\s*£120,000\.00\s*Not protected\s*£20,000\.00/,
  );
  await licence.getByText('£20,000.00 not protected').waitFor();
  await licence
    .getByText(
      'Halifax and Bank of Scotland are brands of Bank of Scotland plc (FRN 169628): one £120,000 limit covers them together.',
    )
    .waitFor();
  const summary = page.locator('#checker-summary');
  assert.equal(await summary.getAttribute('aria-live'), 'polite');
  assert.match(
    await summary.innerText(),
    /You have £140,000\.00 with Bank of Scotland plc \(Halifax and Bank of Scotland share one licence\)\. £120,000\.00 of it is protected; £20,000\.00 is not\./,
  );

  // The state is in the fragment only: never in the query, never in a request or its Referer.
  const url = new URL(page.url());
  assert.equal(url.search, '');
  const decoded = decodeFragment(url.hash);
  assert.ok(decoded.ok);
  assert.deepEqual(
    decoded.state.rows.map((r) => [r.amountPence, r.holders]),
    [
      [70_000_00, 1],
      [70_000_00, 1],
    ],
  );
  for (const request of requests) {
    assert.doesNotMatch(request.url, /#|70,?000|7000000/, `a request carried the check: ${request.url}`);
    assert.doesNotMatch(request.referer, /#/, `a Referer carried the fragment: ${request.referer}`);
  }

  // Light and dark, desktop and phone (nothing past a phone's right edge), each checked by axe and looked at.
  await checkAndPicture(page, 'checker-01-golden', { widths: [1280, 375] });

  // A reload (or the bookmark) restores the same check.
  await page.reload();
  await page.getByRole('article', { name: 'Bank of Scotland plc' }).getByText('£20,000.00 not protected').waitFor();
  await page.getByRole('heading', { name: 'Your money (2 rows)' }).waitFor();
  assert.equal(new URL(page.url()).hash, url.hash);

  // The call to action leads to sign-up.
  assert.equal(
    await page.getByRole('link', { name: 'Track your real accounts free for 7 days' }).getAttribute('href'),
    '/signup',
  );

  // Removing a row updates the result and the fragment.
  await page.getByRole('button', { name: 'Remove Halifax, £70,000.00' }).click();
  await page.getByRole('article', { name: 'Bank of Scotland plc' }).getByText('Fully protected').waitFor();
  const after = decodeFragment(new URL(page.url()).hash);
  assert.ok(after.ok && after.state.rows.length === 1);

  assert.deepEqual(errors, []);
  await context.close();
});

test('a link that cannot be read starts an empty check and says so', async () => {
  const context = await env.browser.newContext({
    viewport: { width: 375, height: 800 },
    locale: 'en-GB',
    colorScheme: 'dark',
  });
  const { page, errors } = await newPage(context);
  await page.goto(`${env.server.base}${PAGE}#v1~garbage`);
  await page.getByRole('alert').filter({ hasText: 'This link to the checker could not be read' }).waitFor();
  await page.getByRole('heading', { name: 'Your money (0 rows)' }).waitFor();
  await rejectCookies(page);
  await checkAndPicture(page, 'checker-03-bad-link-phone', { schemes: ['dark'] });
  assert.deepEqual(errors, []);
  await context.close();
});

test('a shared link with a joint account, a temporary high balance, NS&I and an offshore bank restores every kind of answer', async () => {
  const rows: CheckerRow[] = [
    {
      bankId: await bankIdOf(env.server, 'Lloyds Bank', 'Lloyds Bank PLC'),
      amountPence: 550_000_00,
      holders: 1,
      temporaryHighBalance: { lifeEvent: 'home-sale', qualifyingPence: 450_000_00, creditedDate: '2026-10-03' },
    },
    { bankId: await bankIdOf(env.server, 'Nationwide Building Society'), amountPence: 200_000_00, holders: 2 },
    { bankId: await bankIdOf(env.server, 'NS&I'), amountPence: 80_000_00, holders: 1 },
    { bankId: await bankIdOf(env.server, 'Coutts Crown Dependencies'), amountPence: 30_000_00, holders: 1 },
  ];
  const context = await env.browser.newContext({
    viewport: { width: 1280, height: 900 },
    locale: 'en-GB',
    colorScheme: 'light',
  });
  const { page, errors } = await newPage(context);
  await page.goto(`${env.server.base}${PAGE}#${encodeFragment({ rows })}`);
  await rejectCookies(page);
  await page.getByRole('heading', { name: 'Your money (4 rows)' }).waitFor();

  const lloyds = page.getByRole('article', { name: 'Lloyds Bank PLC' });
  await lloyds.getByText('Fully protected').waitFor();
  await lloyds
    .getByText(/£450,000\.00 is covered as a temporary high balance, on top of the £120,000 limit, until 3 April 2027/)
    .waitFor();
  const nationwide = page.getByRole('article', { name: /Nationwide/ });
  assert.match(
    await nationwide.locator('dl').innerText(),
    /Your total here \(your share of joint accounts\)\s*£100,000\.00/,
  );
  const nsAndI = page.getByRole('article', { name: 'NS&I' });
  await nsAndI.getByText('Backed by HM Treasury').first().waitFor();
  assert.equal(await nsAndI.getByText(/not protected/i).count(), 0, 'NS&I is never shown as not protected');
  const offshore = page.getByRole('article', { name: 'Coutts Crown Dependencies' });
  await offshore.getByText('Not FSCS protected').waitFor();
  await offshore.getByText(/holds this money in a Crown Dependency/).waitFor();
  const totals = page.getByRole('region', { name: 'Totals' });
  assert.match(
    await totals.locator('dl').innerText(),
    /Backed by HM Treasury\s*£80,000\.00\s*Not protected\s*£30,000\.00/,
  );

  await checkAndPicture(page, 'checker-04-every-kind-desktop');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the form on a phone: temporary high balance fields and what is missing, in both themes', async () => {
  const context = await env.browser.newContext({
    viewport: { width: 375, height: 800 },
    locale: 'en-GB',
    colorScheme: 'light',
  });
  const { page, errors } = await newPage(context);
  await page.goto(`${env.server.base}${PAGE}`);
  await rejectCookies(page);
  await page.getByRole('checkbox', { name: 'It includes a temporary high balance' }).check();
  await page.getByRole('button', { name: 'Add to the check' }).click();
  await page.getByText('Choose a bank or building society', { exact: true }).waitFor();
  await page.getByText('Choose the life event the money came from').waitFor();
  await page.getByText('Enter the date the money was credited').waitFor();
  assert.equal(
    await bankTrigger(page).evaluate((el) => el === document.activeElement),
    true,
    'focus goes to the first problem',
  );
  await checkAndPicture(page, 'checker-05-form-errors-phone');
  assert.deepEqual(errors, []);
  await context.close();
});
