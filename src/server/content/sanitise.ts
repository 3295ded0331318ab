import sanitizeHtml from 'sanitize-html';

/**
 * THE rich HTML sanitiser (spec 000 §5; ADR 0061). Content pages and raw-HTML footers both go
 * through here, when they are saved and again when they are shown. It wraps the maintained
 * `sanitize-html` library with the spec's allow-list; the rules this file adds on top
 * (`isSafeUrl`, `isSafeColour`, the style and class limits) are checks of single values, never a
 * parser of HTML.
 */

/** The spec's tags (000 §5). */
export const RICH_TAGS = [
  'div',
  'span',
  'p',
  'br',
  'strong',
  'em',
  'b',
  'i',
  'u',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'a',
  'img',
  'blockquote',
  'code',
  'pre',
] as const;

/** What the table-enabled variant adds (000 §5: "table tags and font and center"). */
export const TABLE_TAGS = [
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'caption',
  'colgroup',
  'col',
  'font',
  'center',
] as const;

/** The spec's attributes; each is kept only on the tags where it means something. */
const GLOBAL_ATTRIBUTES = ['class', 'id', 'style', 'title'];
const LINK_ATTRIBUTES = [
  'href',
  { name: 'target', multiple: false, values: ['_blank', '_self'] },
  {
    name: 'rel',
    multiple: true,
    values: ['noopener', 'noreferrer', 'nofollow', 'ugc', 'sponsored', 'external'],
  },
];
const IMAGE_ATTRIBUTES = ['src', 'alt', 'width', 'height'];
/** Cell spans and header scope: what an editor's tables need to mean anything (ADR 0061). */
const TABLE_CELL_ATTRIBUTES = ['colspan', 'rowspan', 'scope', 'width', 'height'];

const URL_SCHEMES = ['http', 'https', 'mailto', 'tel'];
const IMAGE_SCHEMES = ['http', 'https'];

/** Tags whose text is dropped with them (a discarded <script>'s code must not become text). */
const NON_TEXT_TAGS = [
  'script',
  'style',
  'textarea',
  'option',
  'noscript',
  'noembed',
  'noframes',
  'iframe',
  'object',
  'embed',
  'applet',
  'template',
  'title',
  'xmp',
  'plaintext',
  'svg',
  'math',
  'head',
];

// ---------------------------------------------------------------------------------------------
// URLs

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
// Control characters, whitespace and backslashes: browsers strip or reinterpret them inside a
// URL (`java\tscript:`, `/\evil.example`), so a URL holding any is refused outright.
const URL_FORBIDDEN_CHARACTERS =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  /[\u0000-\u0020\u007f-\u00a0\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\ufeff\\]/;
const MAX_URL_LENGTH = 2048;

/**
 * A link or image address content may carry: http, https, mailto or tel, or a relative address
 * (`/legal`, `#top`, `?q=1`, `page`). Never `javascript:`, `data:`, `vbscript:` or another
 * scheme, never a protocol-relative `//host`, and nothing with control characters, whitespace or
 * backslashes.
 */
export function isSafeUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const url = value.trim();
  if (url.length === 0 || url.length > MAX_URL_LENGTH) return false;
  if (URL_FORBIDDEN_CHARACTERS.test(url)) return false;
  if (url.startsWith('//')) return false;
  const scheme = SCHEME.exec(url)?.[1]?.toLowerCase();
  if (scheme === undefined) {
    // A colon before the first slash, ? or # would make the browser read a scheme after all.
    const head = url.split(/[/?#]/, 1)[0] ?? '';
    return !head.includes(':');
  }
  if (!URL_SCHEMES.includes(scheme)) return false;
  if (scheme === 'http' || scheme === 'https') {
    try {
      return new URL(url).hostname.length > 0;
    } catch {
      return false;
    }
  }
  return url.length > scheme.length + 1;
}

/** An absolute http(s) address: it leaves the site, so it opens in a new tab without an opener. */
export function isExternalUrl(value: string): boolean {
  return /^https?:\/\//i.test(value.trim());
}

// ---------------------------------------------------------------------------------------------
// Colours

/** CSS's named colours (CSS Color 4), lower case. */
const NAMED_COLOURS = new Set(
  (
    'aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue ' +
    'blueviolet brown burlywood cadetblue chartreuse chocolate coral cornflowerblue cornsilk ' +
    'crimson cyan darkblue darkcyan darkgoldenrod darkgray darkgreen darkgrey darkkhaki ' +
    'darkmagenta darkolivegreen darkorange darkorchid darkred darksalmon darkseagreen ' +
    'darkslateblue darkslategray darkslategrey darkturquoise darkviolet deeppink deepskyblue ' +
    'dimgray dimgrey dodgerblue firebrick floralwhite forestgreen fuchsia gainsboro ghostwhite ' +
    'gold goldenrod gray green greenyellow grey honeydew hotpink indianred indigo ivory khaki ' +
    'lavender lavenderblush lawngreen lemonchiffon lightblue lightcoral lightcyan ' +
    'lightgoldenrodyellow lightgray lightgreen lightgrey lightpink lightsalmon lightseagreen ' +
    'lightskyblue lightslategray lightslategrey lightsteelblue lightyellow lime limegreen linen ' +
    'magenta maroon mediumaquamarine mediumblue mediumorchid mediumpurple mediumseagreen ' +
    'mediumslateblue mediumspringgreen mediumturquoise mediumvioletred midnightblue mintcream ' +
    'mistyrose moccasin navajowhite navy oldlace olive olivedrab orange orangered orchid ' +
    'palegoldenrod palegreen paleturquoise palevioletred papayawhip peachpuff peru pink plum ' +
    'powderblue purple rebeccapurple red rosybrown royalblue saddlebrown salmon sandybrown ' +
    'seagreen seashell sienna silver skyblue slateblue slategray slategrey snow springgreen ' +
    'steelblue tan teal thistle tomato turquoise violet wheat white whitesmoke yellow yellowgreen ' +
    'transparent currentcolor'
  ).split(' '),
);

const HEX_COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const NUMBER = String.raw`\d{1,3}(?:\.\d{1,4})?`;
const PERCENT = `${NUMBER}%`;
const ALPHA = String.raw`(?:0|1|0?\.\d{1,4}|${PERCENT})`;
const SEP = String.raw`\s*,\s*`;
const RGB_COLOUR = new RegExp(
  String.raw`^rgba?\(\s*(?:${NUMBER}|${PERCENT})${SEP}(?:${NUMBER}|${PERCENT})${SEP}(?:${NUMBER}|${PERCENT})(?:${SEP}${ALPHA})?\s*\)$`,
  'i',
);
const RGB_SPACE_COLOUR = new RegExp(
  String.raw`^rgba?\(\s*(?:${NUMBER}|${PERCENT})\s+(?:${NUMBER}|${PERCENT})\s+(?:${NUMBER}|${PERCENT})(?:\s*\/\s*${ALPHA})?\s*\)$`,
  'i',
);
const HSL_COLOUR = new RegExp(
  String.raw`^hsla?\(\s*${NUMBER}(?:deg)?${SEP}${PERCENT}${SEP}${PERCENT}(?:${SEP}${ALPHA})?\s*\)$`,
  'i',
);
const HSL_SPACE_COLOUR = new RegExp(
  String.raw`^hsla?\(\s*${NUMBER}(?:deg)?\s+${PERCENT}\s+${PERCENT}(?:\s*\/\s*${ALPHA})?\s*\)$`,
  'i',
);

const NAMED_COLOUR = new RegExp(`^(?:${[...NAMED_COLOURS].join('|')})$`, 'i');

/** The colour rule as patterns, shared by `isSafeColour` and the style filter. */
const COLOUR_PATTERNS = [HEX_COLOUR, RGB_COLOUR, RGB_SPACE_COLOUR, HSL_COLOUR, HSL_SPACE_COLOUR, NAMED_COLOUR];

/**
 * A colour content or a footer may use: `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`, `rgb()`/`rgba()`
 * and `hsl()`/`hsla()` of plain numbers, or a CSS named colour. Nothing else (no `url()`,
 * `expression()`, `var()` or `;` that could smuggle another declaration).
 */
export function isSafeColour(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const colour = value.trim();
  if (colour.length === 0 || colour.length > 64) return false;
  return COLOUR_PATTERNS.some((pattern) => pattern.test(colour));
}

// ---------------------------------------------------------------------------------------------
// Styles: what stays is colour, alignment, emphasis and bounded spacing and sizes. No position,
// z-index, transform, negative margins, url() or anything else that could lift content over the
// page or fetch something.

const LENGTH = String.raw`(?:0|\d{1,3}(?:\.\d{1,3})?(?:px|em|rem|%|pt|ch))`;
const SPACING = new RegExp(String.raw`^(?:${LENGTH}|auto)(?:\s+(?:${LENGTH}|auto)){0,3}$`, 'i');
const SIZE = /^(?:auto|0|\d{1,4}(?:\.\d{1,2})?px|\d{1,2}(?:\.\d{1,2})?(?:em|rem|ch)|(?:100|\d{1,2}(?:\.\d{1,2})?)%)$/i;
const FONT_SIZE =
  /^(?:xx-small|x-small|small|medium|large|x-large|xx-large|smaller|larger|(?:[89]|[1-6]\d|7[0-2])(?:\.\d{1,2})?(?:px|pt)|[0-3](?:\.\d{1,3})?(?:em|rem)|(?:[5-9]\d|[12]\d\d|300)%)$/i;

const ALLOWED_STYLES: Record<string, RegExp[]> = {
  color: COLOUR_PATTERNS,
  'background-color': COLOUR_PATTERNS,
  'text-align': [/^(?:left|right|center|justify|start|end)$/i],
  'font-weight': [/^(?:normal|bold|bolder|lighter|[1-9]00)$/i],
  'font-style': [/^(?:normal|italic|oblique)$/i],
  'font-size': [FONT_SIZE],
  'text-decoration': [/^(?:none|(?:underline|line-through|overline)(?:\s+(?:underline|line-through|overline)){0,2})$/i],
  'vertical-align': [/^(?:baseline|top|middle|bottom|sub|super|text-top|text-bottom)$/i],
  margin: [SPACING],
  'margin-top': [SPACING],
  'margin-right': [SPACING],
  'margin-bottom': [SPACING],
  'margin-left': [SPACING],
  padding: [SPACING],
  'padding-top': [SPACING],
  'padding-right': [SPACING],
  'padding-bottom': [SPACING],
  'padding-left': [SPACING],
  width: [SIZE],
  height: [SIZE],
  'min-width': [SIZE],
  'max-width': [SIZE],
};

// ---------------------------------------------------------------------------------------------
// Classes and ids: the app's own utility classes (`fixed inset-0 z-50`) would undo the style
// limits, so content may only use classes of its own namespace.

const ALLOWED_CLASSES = [/^cms-[a-z0-9-]{1,40}$/];
const SAFE_ID = /^[a-z][a-z0-9_-]{0,63}$/i;
const PIXELS = /^\d{1,4}$/;

type Attributes = Record<string, string>;

function cleanAttributes(tagName: string, attribs: Attributes): Attributes {
  const out: Attributes = {};
  for (const [name, value] of Object.entries(attribs)) {
    const key = name.toLowerCase();
    if (key === 'href' || key === 'src') {
      if (isSafeUrl(value)) out[key] = value.trim();
    } else if (key === 'id') {
      // Ids name DOM globals (`window.x`): only plain tokens, prefixed so none shadows the app's.
      if (SAFE_ID.test(value)) out[key] = value.startsWith('cms-') ? value : `cms-${value}`;
    } else if (key === 'width' || key === 'height' || key === 'colspan' || key === 'rowspan') {
      if (PIXELS.test(value.trim())) out[key] = value.trim();
    } else {
      out[key] = value;
    }
  }
  if (tagName === 'a') {
    const href = out.href;
    if (href !== undefined && isExternalUrl(href)) {
      out.target = '_blank';
      out.rel = 'noopener noreferrer';
    } else if (out.target === '_blank') {
      out.rel = 'noopener noreferrer';
    } else {
      delete out.target;
    }
  }
  return out;
}

export type RichHtmlOptions = {
  /** The table-enabled variant (content pages): table tags, font and center. */
  tables?: boolean;
};

function buildOptions(tables: boolean): sanitizeHtml.IOptions {
  const allowedTags: string[] = [...RICH_TAGS, ...(tables ? TABLE_TAGS : [])];
  const allowedAttributes: sanitizeHtml.IOptions['allowedAttributes'] = {
    '*': GLOBAL_ATTRIBUTES,
    a: LINK_ATTRIBUTES,
    img: IMAGE_ATTRIBUTES,
  };
  if (tables) {
    for (const tag of ['table', 'th', 'td', 'col', 'colgroup']) {
      allowedAttributes[tag] = tag === 'th' || tag === 'td' ? TABLE_CELL_ATTRIBUTES : ['width'];
    }
  }
  return {
    allowedTags,
    allowedAttributes,
    allowedClasses: { '*': ALLOWED_CLASSES },
    allowedStyles: { '*': ALLOWED_STYLES },
    allowedSchemes: URL_SCHEMES,
    allowedSchemesByTag: { img: IMAGE_SCHEMES },
    allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
    allowProtocolRelative: false,
    allowVulnerableTags: false,
    disallowedTagsMode: 'discard',
    nonTextTags: NON_TEXT_TAGS,
    enforceHtmlBoundary: false,
    nestingLimit: 64,
    // An image whose address was refused is dropped whole rather than left as an empty box.
    exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
    transformTags: {
      '*': (tagName, attribs) => ({ tagName, attribs: cleanAttributes(tagName, attribs) }),
    },
  };
}

const RICH_OPTIONS = buildOptions(false);
const TABLE_OPTIONS = buildOptions(true);

/**
 * Sanitises rich HTML to the spec's allow-list (000 §5). With `{ tables: true }`, the
 * table-enabled variant content pages use. Safe to run again on its own output (it changes
 * nothing), which is what showing saved content does.
 */
export function sanitiseRichHtml(html: string, options: RichHtmlOptions = {}): string {
  if (typeof html !== 'string' || html === '') return '';
  return sanitizeHtml(html, options.tables ? TABLE_OPTIONS : RICH_OPTIONS);
}
