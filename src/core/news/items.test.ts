import { describe, expect, it } from 'vitest';
import { isCampaignLive } from './campaigns.ts';
import { newsItemDrafts, plainText, safeLink } from './items.ts';

describe('a feed summary as plain text', () => {
  it('drops scripts, styles, comments and every tag, and decodes entities', () => {
    expect(
      plainText(
        '<p>Rates <b>up</b></p><script>alert(1)</script><style>p{}</style><!-- note -->&pound;5 &amp; &#163;6 &#x41;',
      ),
    ).toBe('Rates up £5 & £6 A');
  });

  it('leaves decoded angle brackets as text (the page renders text, never HTML)', () => {
    expect(plainText('&lt;img src=x onerror=alert(1)&gt;')).toBe('<img src=x onerror=alert(1)>');
  });

  it('drops an unclosed tag and control characters, and joins white space', () => {
    expect(plainText('Hello\u0000\n\n  world <img src=x onerror=alert(1)')).toBe('Hello world');
  });

  it('cuts a long text at a word with an ellipsis', () => {
    expect(plainText('one two three four five six', 12)).toBe('one two…');
  });
});

describe('the items a feed gives', () => {
  const now = new Date('2026-11-28T12:00:00Z');

  it('keeps one item per link and per guid, newest first, dated no later than now', () => {
    const drafts = newsItemDrafts(
      [
        { guid: 'a', link: 'https://x.example/1', title: 'Old', date: '2026-11-01T00:00:00Z' },
        { guid: 'b', link: 'https://x.example/1', title: 'Same link' },
        { guid: 'a', link: 'https://x.example/2', title: 'Same guid' },
        { guid: 'c', link: 'https://x.example/3', title: 'Future', date: '2027-01-01T00:00:00Z' },
        { guid: 'd', link: 'https://x.example/4', title: 'Undated', date: 'not a date' },
      ],
      now,
    );
    expect(drafts.map((d) => [d.title, d.publishedAt.toISOString()])).toEqual([
      ['Future', now.toISOString()],
      ['Undated', now.toISOString()],
      ['Old', '2026-11-01T00:00:00.000Z'],
    ]);
  });

  it('keeps only http(s) links and drops an item with neither title nor link', () => {
    expect(safeLink('javascript:alert(1)')).toBeNull();
    expect(safeLink(' https://ok.example/a ')).toBe('https://ok.example/a');
    const drafts = newsItemDrafts(
      [
        { link: 'javascript:alert(1)', title: '' },
        { link: 'data:text/html,x', title: 'T' },
      ],
      now,
    );
    expect(drafts).toEqual([{ guid: null, link: null, title: 'T', summary: '', publishedAt: now }]);
  });
});

describe('a house ad campaign', () => {
  it('shows from its start date to its end date, both included, while active', () => {
    const campaign = { isActive: true, startsOn: '2026-12-01', endsOn: '2026-12-31' };
    expect(isCampaignLive(campaign, '2026-11-30')).toBe(false);
    expect(isCampaignLive(campaign, '2026-12-01')).toBe(true);
    expect(isCampaignLive(campaign, '2026-12-31')).toBe(true);
    expect(isCampaignLive(campaign, '2027-01-01')).toBe(false);
    expect(isCampaignLive({ ...campaign, isActive: false }, '2026-12-15')).toBe(false);
  });
});
