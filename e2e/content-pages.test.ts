/**
 * Content pages (issue 30, ADR 0061): an admin writes a page with a heading, a link, a list and a
 * table in the editor, saves it as a draft, previews it, publishes it; a visitor reads it at its
 * address (the server wrote its title for sharing; the external link opens in a new tab without an
 * opener); an unknown address is the 404 page with HTTP 404. Then the XSS corpus, published as a
 * page body, runs nothing in Chromium.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { useJourneyServerAndBrowser } from './account-setup.ts';
import { assertCorpusRanNothing, desktopContext, setXssTraps, signedInAdmin, XSS_CORPUS_HTML } from './cms-journeys.ts';
import { newPage, pictureEverywhere, rejectCookies, waitForToastToGo } from './fixtures.ts';

const env = useJourneyServerAndBrowser();
const PASSWORD = 'a content writing passphrase';
const EMAIL = `content-admin-${Date.now()}@example.com`;
const TITLE = 'Saving for a rainy day';
const SLUG = 'saving-for-a-rainy-day';
const DESCRIPTION = 'How much to keep in an emergency fund, and where to keep it.';
const GOV_UK = 'https://www.gov.uk/individual-savings-accounts';

test('an admin writes, previews and publishes a page; a visitor reads it; the XSS corpus runs nothing', async () => {
  const who = { email: EMAIL, password: PASSWORD, firstName: 'Cara', lastName: 'Writer' };
  const { base, context: adminContext, page: admin, errors: adminErrors } = await signedInAdmin(env, who);
  await admin.getByRole('link', { name: /^Content/ }).click();
  await admin.getByRole('heading', { level: 1, name: 'Content' }).waitFor();
  await admin.getByText('No pages yet.').waitFor();
  await admin.getByRole('link', { name: 'New page' }).click();
  await admin.getByRole('heading', { level: 1, name: 'New page' }).waitFor();

  // The form: the slug follows the title until it is typed.
  await admin.getByLabel('Title', { exact: true }).fill(TITLE);
  assert.equal(await admin.getByLabel('Slug', { exact: true }).inputValue(), SLUG);
  await admin.getByLabel('Meta description').fill(DESCRIPTION);

  // The editor, from the toolbar and the keyboard.
  const editor = admin.getByRole('textbox', { name: 'Content' });
  const toolbar = admin.getByRole('toolbar', { name: 'Formatting' });
  await editor.click();
  await toolbar.getByRole('button', { name: 'Heading', exact: true }).click();
  await admin.keyboard.type('Why keep an emergency fund');
  await admin.keyboard.press('Enter');
  await admin.keyboard.type('Read the GOV.UK guide');
  for (let i = 0; i < 'GOV.UK guide'.length; i++) await admin.keyboard.press('Shift+ArrowLeft');
  // On a slow machine the editor can take the last key presses after the toolbar's click: the
  // link is made once the words are selected, and is in the text before typing goes on.
  await admin.waitForFunction(() => window.getSelection()?.toString() === 'GOV.UK guide');
  await toolbar.getByRole('button', { name: 'Link', exact: true }).click();
  await admin.getByLabel('Link address').fill(GOV_UK);
  await admin.getByLabel('Link address').press('Enter');
  await editor.getByRole('link', { name: 'GOV.UK guide' }).waitFor();
  // And the link field gone, with the focus back in the editor: keys pressed while the field was
  // still there went into it, and the Enter below made the address "… first." (lost on a slow run).
  await admin.getByLabel('Link address').waitFor({ state: 'detached' });
  await admin.waitForFunction(() => document.activeElement?.closest('[contenteditable="true"]') != null);
  await admin.keyboard.press('End');
  await admin.keyboard.type(' first.');
  await admin.keyboard.press('Enter');
  await toolbar.getByRole('button', { name: 'Bulleted list' }).click();
  await admin.keyboard.type('Three months of spending');
  await admin.keyboard.press('Enter');
  await admin.keyboard.type('In an easy-access account');
  await admin.keyboard.press('Enter');
  await admin.keyboard.press('Enter');
  await toolbar.getByRole('button', { name: 'Insert table' }).click();
  for (const [i, cell] of ['Account', 'Rate', 'Access', 'Easy saver', '4.5%', 'Instant'].entries()) {
    if (i > 0) await admin.keyboard.press('Tab');
    await admin.keyboard.type(cell);
  }
  await admin.getByRole('button', { name: 'Save draft' }).click();
  await waitForToastToGo(admin, `${TITLE} saved as a draft`);
  await admin.waitForURL(/\/admin\/content\/edit\//);
  await admin.getByRole('heading', { level: 1, name: `Edit ${TITLE}` }).waitFor();
  await admin.getByRole('list', { name: 'Saved versions, newest first' }).getByText('Version 1').waitFor();
  await admin.getByRole('textbox', { name: 'Content' }).getByRole('table').waitFor();
  await pictureEverywhere(admin, 'content-editor');

  // Preview, in a tab of its own, marked as one.
  const [preview] = await Promise.all([
    adminContext.waitForEvent('page'),
    admin.getByRole('link', { name: /^Preview/ }).click(),
  ]);
  // A new tab loads the app from the start: on a busy machine that can take a while.
  await preview.getByText('This draft is not published: only admins can see it.').waitFor({ timeout: 60_000 });
  await preview.getByRole('heading', { level: 1, name: TITLE }).waitFor();
  await preview.getByRole('table').getByText('Easy saver').waitFor();
  await preview.close();

  // Not public until published.
  const visitorContext = await desktopContext(env.browser);
  const { page: visitor, errors: visitorErrors } = await newPage(visitorContext);
  const draft = await visitor.goto(`${base}/${SLUG}`);
  assert.equal(draft?.status(), 404);
  await visitor.getByRole('heading', { level: 1, name: 'Oops! Page not found' }).waitFor();
  await rejectCookies(visitor);

  await admin.getByRole('button', { name: 'Publish' }).click();
  await waitForToastToGo(admin, `${TITLE} is published at /${SLUG}`);
  await admin.getByRole('button', { name: 'Unpublish' }).waitFor();

  // The visitor reads it; the server's HTML already had its title and description.
  const html = await (await fetch(`${base}/${SLUG}`)).text();
  assert.match(html, new RegExp(`<title>${TITLE} · SavvyPig</title>`));
  assert.match(html, new RegExp(`<meta name="description" content="${DESCRIPTION}" />`));
  assert.match(html, new RegExp(`<meta property="og:title" content="${TITLE}" />`));
  const published = await visitor.goto(`${base}/${SLUG}`);
  assert.equal(published?.status(), 200);
  const article = visitor.getByRole('article');
  await article.getByRole('heading', { level: 1, name: TITLE }).waitFor();
  await article.getByRole('heading', { level: 2, name: 'Why keep an emergency fund' }).waitFor();
  assert.deepEqual(await article.getByRole('listitem').allTextContents(), [
    'Three months of spending',
    'In an easy-access account',
  ]);
  assert.deepEqual(await article.getByRole('columnheader').allTextContents(), ['Account', 'Rate', 'Access']);
  await article.getByRole('cell', { name: 'Easy saver' }).waitFor();
  const link = article.getByRole('link', { name: 'GOV.UK guide' });
  assert.equal(await link.getAttribute('href'), GOV_UK);
  assert.equal(await link.getAttribute('target'), '_blank');
  assert.equal(await link.getAttribute('rel'), 'noopener noreferrer');
  assert.equal(await visitor.title(), `${TITLE} · SavvyPig`);
  await pictureEverywhere(visitor, 'content-page');

  // An address no page has is the 404 page, with the status to match.
  const unknown = await visitor.goto(`${base}/no-page-lives-here`);
  assert.equal(unknown?.status(), 404);
  await visitor.getByRole('heading', { level: 1, name: 'Oops! Page not found' }).waitFor();
  const sitemap = await (await fetch(`${base}/sitemap.xml`)).text();
  assert.match(sitemap, new RegExp(`/${SLUG}</loc>`));

  // The XSS corpus as a published page body: nothing runs, nothing becomes a dialog.
  const headers = { 'content-type': 'application/json', origin: base };
  const created = await adminContext.request.post(`${base}/api/admin/content/pages`, {
    headers,
    data: {
      title: 'Corpus',
      slug: 'xss-corpus',
      bodyHtml: XSS_CORPUS_HTML,
    },
  });
  assert.equal(created.status(), 201, await created.text());
  const { page: corpus } = (await created.json()) as { page: { id: string } };
  const publish = await adminContext.request.post(`${base}/api/admin/content/pages/${corpus.id}/publish`, { headers });
  assert.equal(publish.status(), 200);

  const dialogs = await setXssTraps(visitorContext, visitor);
  await visitor.goto(`${base}/xss-corpus`);
  await visitor.getByRole('heading', { level: 1, name: 'Corpus' }).waitFor();
  await assertCorpusRanNothing(visitor, visitor.getByRole('article'), 'the corpus page', 500);
  assert.deepEqual(dialogs, []);

  assert.deepEqual(adminErrors, []);
  assert.deepEqual(visitorErrors, []);
  await visitorContext.close();
  await adminContext.close();
});
