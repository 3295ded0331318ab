import { describe, expect, it } from 'vitest';
import { isSafeColour, isSafeUrl, sanitiseRichHtml } from './sanitise.ts';
import { executableVectors } from './xss-check.ts';
import { XSS_CORPUS } from './xss-corpus.ts';

describe('sanitiseRichHtml', () => {
  it('keeps the spec allow-list of tags and attributes', () => {
    const html =
      '<h2 id="intro" class="cms-lead" title="Intro">Saving</h2><p><strong>a</strong> <em>b</em> <b>c</b> <i>d</i> <u>e</u><br></p>' +
      '<ul><li>one</li></ul><ol><li>two</li></ol><blockquote>q</blockquote><pre><code>x</code></pre>' +
      '<img src="/images/pig.png" alt="A pig" width="120" height="80">';
    expect(sanitiseRichHtml(html)).toBe(
      '<h2 id="cms-intro" class="cms-lead" title="Intro">Saving</h2><p><strong>a</strong> <em>b</em> <b>c</b> <i>d</i> <u>e</u><br /></p>' +
        '<ul><li>one</li></ul><ol><li>two</li></ol><blockquote>q</blockquote><pre><code>x</code></pre>' +
        '<img src="/images/pig.png" alt="A pig" width="120" height="80" />',
    );
  });

  it('drops script, object, embed, link, style and iframe with their content', () => {
    const html =
      '<p>a</p><script>alert(1)</script><object data="x">o</object><embed src="x"><link rel="stylesheet" href="x">' +
      '<style>p{}</style><iframe src="https://example.com">i</iframe><p>b</p>';
    expect(sanitiseRichHtml(html)).toBe('<p>a</p><p>b</p>');
  });

  it('drops inline handlers and data attributes', () => {
    expect(sanitiseRichHtml('<p onclick="x()" data-x="1" onmouseover="y()">t</p>')).toBe('<p>t</p>');
  });

  it('gives external links rel noopener noreferrer and target _blank', () => {
    expect(sanitiseRichHtml('<a href="https://www.gov.uk/isa" target="_self" rel="opener">ISA</a>')).toBe(
      '<a href="https://www.gov.uk/isa" target="_blank" rel="noopener noreferrer">ISA</a>',
    );
  });

  it('leaves internal links in the same tab', () => {
    expect(sanitiseRichHtml('<a href="/legal" target="_top">Legal</a>')).toBe('<a href="/legal">Legal</a>');
    expect(sanitiseRichHtml('<a href="mailto:help@savvypig.co.uk">Mail</a>')).toBe(
      '<a href="mailto:help@savvypig.co.uk">Mail</a>',
    );
  });

  it('drops addresses outside http, https, mailto, tel and relative ones', () => {
    expect(sanitiseRichHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitiseRichHtml('<a href="data:text/html,x">x</a>')).toBe('<a>x</a>');
    expect(sanitiseRichHtml('<img src="data:image/png;base64,AAAA" alt="x">')).toBe('');
    expect(sanitiseRichHtml('<img src="mailto:a@b.c" alt="x">')).toBe('');
  });

  it('keeps tables, font and center only in the table-enabled variant', () => {
    const html =
      '<table style="min-width: 50px"><colgroup><col style="min-width: 25px"></colgroup><thead><tr><th colspan="1" rowspan="1">A</th></tr></thead>' +
      '<tbody><tr><td colspan="2" rowspan="1">1</td></tr></tbody></table><font>f</font><center>c</center>';
    expect(sanitiseRichHtml(html)).toBe('A1fc');
    expect(sanitiseRichHtml(html, { tables: true })).toBe(
      '<table style="min-width:50px"><colgroup><col style="min-width:25px" /></colgroup><thead><tr><th colspan="1" rowspan="1">A</th></tr></thead>' +
        '<tbody><tr><td colspan="2" rowspan="1">1</td></tr></tbody></table><font>f</font><center>c</center>',
    );
  });

  it('keeps safe style properties and drops the ones that could cover the page', () => {
    const html =
      '<p style="color: #aa1164; background-color: rgb(255, 255, 255); text-align: center; font-weight: bold; ' +
      'position: fixed; z-index: 999; top: 0; transform: scale(9); margin: -20px; background: url(x)">t</p>';
    expect(sanitiseRichHtml(html)).toBe(
      '<p style="color:#aa1164;background-color:rgb(255, 255, 255);text-align:center;font-weight:bold">t</p>',
    );
    expect(sanitiseRichHtml('<p style="margin: 8px 16px; padding: 1em; width: 50%">t</p>')).toBe(
      '<p style="margin:8px 16px;padding:1em;width:50%">t</p>',
    );
    expect(sanitiseRichHtml('<p style="color: url(javascript:alert(1)); width: 200vw">t</p>')).toBe('<p>t</p>');
  });

  it('keeps only classes of the content namespace', () => {
    expect(sanitiseRichHtml('<div class="fixed inset-0 z-50 cms-callout">t</div>')).toBe(
      '<div class="cms-callout">t</div>',
    );
  });

  it('changes nothing when run again on its own output', () => {
    for (const { payload } of XSS_CORPUS) {
      const once = sanitiseRichHtml(payload, { tables: true });
      expect(sanitiseRichHtml(once, { tables: true })).toBe(once);
    }
  });

  it('returns an empty string for empty input', () => {
    expect(sanitiseRichHtml('')).toBe('');
  });
});

describe('the XSS corpus', () => {
  for (const tables of [false, true]) {
    it(`leaves every payload inert${tables ? ' in the table-enabled variant' : ''}`, () => {
      const failures = XSS_CORPUS.flatMap(({ name, payload }) => {
        const problems = executableVectors(sanitiseRichHtml(payload, { tables }), { tables });
        return problems.length === 0 ? [] : [`${name}: ${problems.join(', ')}`];
      });
      expect(failures).toEqual([]);
    });
  }

  it('is caught by the checker when not sanitised', () => {
    const caught = XSS_CORPUS.filter(({ payload }) => executableVectors(payload, { tables: true }).length > 0);
    // Text-only payloads (UTF-7, template placeholders) and tags a fragment ignores (<body>) are
    // harmless by themselves.
    expect(caught.length).toBeGreaterThan(XSS_CORPUS.length * 0.85);
  });
});

describe('isSafeUrl', () => {
  it.each([
    'https://www.gov.uk/individual-savings-accounts',
    'http://example.com',
    'mailto:help@savvypig.co.uk',
    'tel:+441234567890',
    '/legal',
    '#top',
    '?q=1',
    'contact',
    'docs/page.html',
  ])('accepts %s', (url) => {
    expect(isSafeUrl(url)).toBe(true);
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    '\u0001javascript:alert(1)',
    'vbscript:msgbox(1)',
    'data:text/html,<script>alert(1)</script>',
    'data:image/png;base64,AAAA',
    'file:///etc/passwd',
    '//evil.example',
    '/\\evil.example',
    'https://',
    'https://exa mple.com',
    'mailto:',
    '',
    'a:b/c',
  ])('refuses %j', (url) => {
    expect(isSafeUrl(url)).toBe(false);
  });

  it('refuses what is not a string', () => {
    expect(isSafeUrl(undefined)).toBe(false);
    expect(isSafeUrl(42)).toBe(false);
  });
});

describe('isSafeColour', () => {
  it.each([
    '#AA1164',
    '#fff',
    '#ffff',
    '#11223344',
    'rgb(255, 255, 255)',
    'rgba(0,0,0,0.5)',
    'rgb(0 0 0 / 50%)',
    'hsl(320, 82%, 37%)',
    'hsla(320deg, 82%, 37%, .5)',
    'white',
    'RebeccaPurple',
  ])('accepts %s', (colour) => {
    expect(isSafeColour(colour)).toBe(true);
  });

  it.each([
    '',
    '#ggg',
    '#12345',
    'red; position: fixed',
    'url(javascript:alert(1))',
    'expression(alert(1))',
    'var(--brand)',
    'rgb(calc(1), 2, 3)',
    'notacolour',
    'red !important',
    'javascript:alert(1)',
  ])('refuses %j', (colour) => {
    expect(isSafeColour(colour)).toBe(false);
  });
});
