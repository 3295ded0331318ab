/**
 * The CMS footer (issue 30, ADR 0062): an admin creates a footer, changes its copyright line, its
 * colours and its links with the inline fields (Enter saves, Escape reverts), sees it in the live
 * preview, activates it; the landing page, a signed-in page and the legal page all show it. Then
 * the XSS corpus as a raw HTML footer: nothing runs on any page.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { calendarDateInLondon } from '../src/core/dates/calendar-date.ts';
import { useJourneyServerAndBrowser } from './account-setup.ts';
import { assertCorpusRanNothing, desktopContext, setXssTraps, signedInAdmin, XSS_CORPUS_HTML } from './cms-journeys.ts';
import { newPage, pictureEverywhere, rejectCookies, waitForToastToGo } from './fixtures.ts';

const env = useJourneyServerAndBrowser();
const PASSWORD = 'a footer tending passphrase';
const EMAIL = `footer-admin-${Date.now()}@example.com`;
const YEAR = calendarDateInLondon(new Date()).slice(0, 4);
const COPYRIGHT = `© ${YEAR} SavvyPig Savings Ltd. All rights reserved.`;
const NAVY = 'rgb(30, 58, 138)';

/** Opens an inline field, types a value and presses Enter; waits for the spec's toast. */
async function editField(page: Page, label: string, value: string): Promise<void> {
  await page.getByRole('button', { name: `Edit ${label}`, exact: true }).click();
  const input = page.getByRole('textbox', { name: label, exact: true });
  await input.fill(value);
  await input.press('Enter');
  await waitForToastToGo(page, 'Footer saved successfully');
  await page.getByRole('button', { name: `Edit ${label}`, exact: true }).waitFor();
}

/** The footer's links, in order (the app's own cookie preferences button is not a link). */
async function footerLinks(page: Page): Promise<string[]> {
  return page.getByRole('contentinfo').getByRole('navigation', { name: 'Footer' }).getByRole('link').allTextContents();
}

async function expectCustomFooter(page: Page, where: string): Promise<void> {
  const footer = page.getByRole('contentinfo');
  await footer.getByText(COPYRIGHT).waitFor();
  assert.deepEqual(await footerLinks(page), ['FSCS checker', 'Legal', 'Get in touch', 'Plans and prices'], where);
  assert.deepEqual(await footerColoursNow(page), { background: NAVY, text: 'rgb(255, 255, 255)' }, where);
}

/**
 * The footer's colours, read in one step in the page. A signed-in page's frame is drawn twice on a
 * fresh load (while the session is checked, then the signed-in layout), so a footer found in one
 * call can be gone by the next; a detached element's computed style is empty.
 */
async function footerColoursNow(page: Page): Promise<{ background: string; text: string }> {
  return page.evaluate(() => {
    const footer = document.querySelector('footer');
    const style = footer ? getComputedStyle(footer) : null;
    return { background: style?.backgroundColor ?? 'no footer', text: style?.color ?? 'no footer' };
  });
}

test('an admin changes the footer’s links and colours and activates it; every page shows it; the XSS corpus runs nothing', async () => {
  const who = { email: EMAIL, password: PASSWORD, firstName: 'Fern', lastName: 'Footer' };
  const { base, context: adminContext, page: admin, errors: adminErrors } = await signedInAdmin(env, who);
  // Before any footer: the spec's defaults.
  assert.deepEqual(await footerLinks(admin), ['Legal', 'Contact', 'Plans and prices']);
  await admin.getByRole('link', { name: /^Footer/ }).click();
  await admin.getByRole('heading', { level: 2, name: 'Footer' }).waitFor();
  await admin.getByText('No footers yet: pages show the default. Create one to change it.').waitFor();

  await admin.getByRole('button', { name: 'New footer' }).click();
  await waitForToastToGo(admin, 'Footer created successfully');
  await admin.getByRole('button', { name: 'Edit Copyright text' }).waitFor();

  // Escape reverts a field without saving it.
  await admin.getByRole('button', { name: 'Edit Link 2 label' }).click();
  await admin.getByRole('textbox', { name: 'Link 2 label' }).fill('Never saved');
  const preview = admin.getByRole('region', { name: 'Live preview' });
  await preview.getByText('Never saved').waitFor();
  await admin.getByRole('textbox', { name: 'Link 2 label' }).press('Escape');
  await preview.getByText('Contact', { exact: true }).waitFor();
  assert.equal(await admin.getByText('Never saved').count(), 0);

  // Enter saves: the copyright line, the colours, the links.
  await editField(admin, 'Copyright text', '© {{year}} SavvyPig Savings Ltd. All rights reserved.');
  await editField(admin, 'Background colour', '#FFEB3B');
  await admin.getByText('These colours fail WCAG AA contrast').waitFor();
  await editField(admin, 'Background colour', '#1E3A8A');
  assert.equal(await admin.getByText('These colours fail WCAG AA contrast').count(), 0);
  await editField(admin, 'Link 2 label', 'Get in touch');
  await admin.getByRole('button', { name: 'Add link' }).click();
  await waitForToastToGo(admin, 'Footer saved successfully');
  await editField(admin, 'Link 3 label', 'FSCS checker');
  await editField(admin, 'Link 3 address', '/features/fscs-protection-checker');
  await admin.getByRole('button', { name: 'Move FSCS checker up' }).click();
  await waitForToastToGo(admin, 'Footer saved successfully');
  await admin.getByRole('button', { name: 'Move FSCS checker up' }).click();
  await waitForToastToGo(admin, 'Footer saved successfully');
  assert.deepEqual(await preview.getByRole('listitem').allTextContents(), ['FSCS checker', 'Legal', 'Get in touch']);
  await preview.getByText(COPYRIGHT).waitFor();
  await pictureEverywhere(admin, 'footer-admin');

  await admin.getByRole('button', { name: /^Activate Footer updated/ }).click();
  await waitForToastToGo(admin, 'Footer activated successfully');
  await admin.getByRole('list', { name: 'Footers' }).getByText('Active', { exact: true }).waitFor();
  // The active footer has no Delete: it cannot be deleted.
  assert.equal(await admin.getByRole('button', { name: /^Delete Footer updated/ }).count(), 0);
  await expectCustomFooter(admin, 'the admin page, at once');

  // A signed-in page.
  await admin.goto(`${base}/dashboard`);
  await expectCustomFooter(admin, 'the dashboard');

  // A visitor: the landing page and the legal page.
  const visitorContext = await desktopContext(env.browser);
  const { page: visitor, errors: visitorErrors } = await newPage(visitorContext);
  await visitor.goto(`${base}/`);
  await rejectCookies(visitor);
  await expectCustomFooter(visitor, 'the landing page');
  await pictureEverywhere(visitor, 'footer-landing');
  await visitor.getByRole('contentinfo').getByRole('link', { name: 'Legal' }).click();
  await visitor.waitForURL('**/legal');
  await expectCustomFooter(visitor, 'the legal page');

  // The XSS corpus as a raw HTML footer, activated: nothing runs on any page.
  const headers = { 'content-type': 'application/json', origin: base };
  const created = await adminContext.request.post(`${base}/api/admin/footers`, {
    headers,
    data: {
      content: `<p>Corpus footer</p>${XSS_CORPUS_HTML}`,
    },
  });
  assert.equal(created.status(), 201, await created.text());
  const { footer: corpus } = (await created.json()) as { footer: { id: string } };
  const activated = await adminContext.request.post(`${base}/api/admin/footers/${corpus.id}/activate`, { headers });
  assert.equal(activated.status(), 200);

  const dialogs = await setXssTraps(visitorContext, visitor);
  for (const path of ['/', '/legal', '/contact']) {
    await visitor.goto(`${base}${path}`);
    const footer = visitor.getByRole('contentinfo');
    await footer.getByText('Corpus footer').waitFor();
    await assertCorpusRanNothing(visitor, footer, path, 300);
  }
  assert.deepEqual(dialogs, []);

  // The earlier footer, no longer active, can be deleted.
  await admin.goto(`${base}/admin?tab=settings&settings=footer`);
  const deletable = admin.getByRole('button', { name: /^Delete Footer updated/ });
  await deletable.waitFor();
  assert.equal(await deletable.count(), 1);
  await deletable.click();
  await admin.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await waitForToastToGo(admin, 'Footer deleted successfully');
  assert.equal(await admin.getByRole('list', { name: 'Footers' }).getByRole('article').count(), 1);

  assert.deepEqual(adminErrors, []);
  assert.deepEqual(visitorErrors, []);
  await visitorContext.close();
  await adminContext.close();
});
