/**
 * The CMS footer's content (000 §4 "CMS footer", issue 30, ADR 0062): the spec's structured
 * object, or raw HTML (sanitised by the server). Pure rules only: the defaults, the year
 * replacement, reading stored content, and the WCAG contrast rule for the chosen colours.
 */

export interface FooterLink {
  /** Stable within one footer (React key, reordering); not shown. */
  id: string;
  label: string;
  /** A path on this site (`/legal`) or an http(s) or mailto address. */
  url: string;
}

/** The spec's content object; `logoUrl` '' means the app's own pig logo. */
export interface StructuredFooter {
  logoUrl: string;
  /** `#RRGGBB` (ADR 0062: hex only, so the contrast can always be worked out). */
  backgroundColor: string;
  textColor: string;
  links: FooterLink[];
  copyrightText: string;
}

export type FooterContent = { kind: 'structured'; footer: StructuredFooter } | { kind: 'html'; html: string };

/** Bounds on what an admin may save (ADR 0062); the footer is sent with every page. */
export const FOOTER_LIMITS = {
  links: 12,
  label: 60,
  url: 2048,
  copyright: 300,
  html: 20_000,
} as const;

/** The spec's default copyright text ('© {{year}} ... All rights reserved.'), with our name in the gap. */
export const DEFAULT_COPYRIGHT_TEXT = '© {{year}} SavvyPig. All rights reserved.';

/** The spec's defaults (000 §4): shown while no footer is active. */
export const DEFAULT_FOOTER: StructuredFooter = {
  logoUrl: '',
  backgroundColor: '#AA1164',
  textColor: '#FFFFFF',
  links: [
    { id: 'legal', label: 'Legal', url: '/legal' },
    { id: 'contact', label: 'Contact', url: '/contact' },
  ],
  copyrightText: DEFAULT_COPYRIGHT_TEXT,
};

// A year on its own: 2024 inside a longer number (12024, 20245) is left alone.
const YEAR_TOKEN = /\{\{\s*year\s*\}\}|(?<!\d)2024(?!\d)/g;

/** Replaces `{{year}}` and the literal 2024 (000 §4) with `year` (the current UK year). */
export function withYear(text: string, year: number): string {
  return text.replace(YEAR_TOKEN, String(year));
}

/** The footer with its texts' years replaced: the copyright, the link labels and the HTML. */
export function footerForYear(content: FooterContent, year: number): FooterContent {
  if (content.kind === 'html') return { kind: 'html', html: withYear(content.html, year) };
  const { footer } = content;
  return {
    kind: 'structured',
    footer: {
      ...footer,
      links: footer.links.map((link) => ({ ...link, label: withYear(link.label, year) })),
      copyrightText: withYear(footer.copyrightText, year),
    },
  };
}

const HEX_COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** Whether `value` is `#RGB` or `#RRGGBB`. */
export function isHexColour(value: string): boolean {
  return HEX_COLOUR.test(value);
}

/** `#abc` → `#AABBCC`; other hex colours upper-cased. */
export function normaliseHexColour(value: string): string {
  const hex = value.slice(1);
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  return `#${full.toUpperCase()}`;
}

function channels(hex: string): [number, number, number] {
  const full = normaliseHexColour(hex).slice(1);
  return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

/** WCAG 2.x relative luminance of a hex colour, 0 (black) to 1 (white). */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = channels(hex).map((value) => {
    const c = value / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two hex colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** WCAG AA for normal-size text (the footer's links and copyright line). */
export const AA_CONTRAST = 4.5;

export type ContrastCheck = { ratio: number; meetsAA: boolean; shownTextColor: string };

/**
 * The chosen colours' contrast, and the text colour the footer shows: the chosen one when it meets
 * AA, else black or white, whichever reads better on the background (ADR 0062: text stays readable
 * whatever an admin picks; the editor warns first).
 */
export function checkContrast(backgroundColor: string, textColor: string): ContrastCheck {
  const ratio = contrastRatio(backgroundColor, textColor);
  if (ratio >= AA_CONTRAST) return { ratio, meetsAA: true, shownTextColor: normaliseHexColour(textColor) };
  const shownTextColor =
    contrastRatio(backgroundColor, '#000000') >= contrastRatio(backgroundColor, '#FFFFFF') ? '#000000' : '#FFFFFF';
  return { ratio, meetsAA: false, shownTextColor };
}

/** '3.2:1', rounded down so a ratio just under 4.5 never reads as 4.5. */
export function contrastText(ratio: number): string {
  return `${(Math.floor(ratio * 10) / 10).toFixed(1)}:1`;
}
