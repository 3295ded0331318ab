import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkContrast,
  contrastRatio,
  contrastText,
  DEFAULT_FOOTER,
  footerForYear,
  isHexColour,
  normaliseHexColour,
  withYear,
} from './footer-content.ts';

describe('the footer’s year rule', () => {
  it('replaces {{year}} and the literal 2024 with the current year', () => {
    expect(withYear('© {{year}} SavvyPig. All rights reserved.', 2026)).toBe('© 2026 SavvyPig. All rights reserved.');
    expect(withYear('© 2024 SavvyPig', 2027)).toBe('© 2027 SavvyPig');
    expect(withYear('2024–{{ year }}', 2030)).toBe('2030–2030');
  });

  it('leaves 2024 inside a longer number alone', () => {
    expect(withYear('Company no. 120245', 2026)).toBe('Company no. 120245');
  });

  it('for any text and year: no token is left, the rest is unchanged, and a second pass changes nothing', () => {
    const piece = fc.oneof(
      fc.constant('{{year}}'),
      fc.constant('2024'),
      fc.string({ maxLength: 12 }).filter((s) => !/[{}0-9]/.test(s)),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 10 }), fc.integer({ min: 1900, max: 2099 }), (pieces, year) => {
        const text = pieces.join(' ');
        const out = withYear(text, year);
        expect(out).not.toContain('{{year}}');
        if (year !== 2024) expect(out).not.toMatch(/(?<!\d)2024(?!\d)/);
        expect(out).toBe(pieces.map((p) => (p === '{{year}}' || p === '2024' ? String(year) : p)).join(' '));
        expect(withYear(out, year)).toBe(out);
      }),
    );
  });

  it('replaces the year in the copyright line, the link labels and raw HTML', () => {
    const structured = footerForYear({ kind: 'structured', footer: DEFAULT_FOOTER }, 2026);
    expect(structured).toMatchObject({ footer: { copyrightText: '© 2026 SavvyPig. All rights reserved.' } });
    expect(footerForYear({ kind: 'html', html: '<p>© 2024 Us</p>' }, 2026)).toEqual({
      kind: 'html',
      html: '<p>© 2026 Us</p>',
    });
  });
});

describe('the footer’s defaults', () => {
  it('are the spec’s: #AA1164 on white text, Legal and Contact, a copyright line with {{year}}', () => {
    expect(DEFAULT_FOOTER).toMatchObject({
      backgroundColor: '#AA1164',
      textColor: '#FFFFFF',
      links: [
        { label: 'Legal', url: '/legal' },
        { label: 'Contact', url: '/contact' },
      ],
    });
    expect(DEFAULT_FOOTER.copyrightText).toMatch(/^© \{\{year\}\} .+ All rights reserved\.$/);
    expect(checkContrast(DEFAULT_FOOTER.backgroundColor, DEFAULT_FOOTER.textColor).meetsAA).toBe(true);
  });
});

describe('footer colours', () => {
  it('accepts #RGB and #RRGGBB only, and writes them as #RRGGBB', () => {
    expect(['#fff', '#AA1164'].map(isHexColour)).toEqual([true, true]);
    expect(['red', 'rgb(0,0,0)', '#ffff', '#AA11644', 'AA1164'].map(isHexColour)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(normaliseHexColour('#a1b')).toBe('#AA11BB');
  });

  it('works out WCAG contrast: black on white 21:1, equal colours 1:1', () => {
    expect(contrastRatio('#000000', '#FFFFFF')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#777777')).toBeCloseTo(1, 5);
    expect(contrastText(4.4999)).toBe('4.4:1');
  });

  it('keeps the chosen text colour when it meets AA, else shows black or white, whichever reads better', () => {
    expect(checkContrast('#FFFFFF', '#767676')).toMatchObject({ meetsAA: true, shownTextColor: '#767676' });
    expect(checkContrast('#FFFF00', '#FFFFFF')).toMatchObject({ meetsAA: false, shownTextColor: '#000000' });
    expect(checkContrast('#000080', '#111111')).toMatchObject({ meetsAA: false, shownTextColor: '#FFFFFF' });
  });
});
