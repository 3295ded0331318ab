import { type DefaultTreeAdapterMap, parseFragment } from 'parse5';
import { isSafeUrl, RICH_TAGS, TABLE_TAGS } from './sanitise.ts';

/**
 * For tests: reads sanitised HTML as a browser would (parse5 is the HTML standard's parser, not
 * the one sanitize-html uses, so a difference between the two would show) and lists every way
 * it could still run code, fetch something it should not, or cover the page. Empty means inert.
 */

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

const ALLOWED_ATTRIBUTES = new Set([
  'class',
  'id',
  'style',
  'href',
  'target',
  'title',
  'rel',
  'src',
  'alt',
  'width',
  'height',
  'colspan',
  'rowspan',
  'scope',
]);

const FORBIDDEN_STYLE =
  /url\s*\(|expression|javascript|behavior|binding|@import|position|z-index|transform|inset|var\s*\(|-\d|\\|\/\*/i;

function isElement(node: Node): node is Element {
  return 'tagName' in node;
}

function* elements(node: Node): Generator<Element> {
  if (isElement(node)) yield node;
  const children = 'childNodes' in node ? node.childNodes : [];
  for (const child of children) yield* elements(child);
  if (isElement(node) && 'content' in node) yield* elements(node.content as Node);
}

export function executableVectors(html: string, options: { tables?: boolean } = {}): string[] {
  const problems: string[] = [];
  const allowedTags = new Set<string>([...RICH_TAGS, ...(options.tables ? TABLE_TAGS : [])]);
  const fragment = parseFragment(html);
  for (const element of elements(fragment)) {
    const tag = element.tagName;
    if (element.namespaceURI !== 'http://www.w3.org/1999/xhtml') problems.push(`foreign element <${tag}>`);
    if (!allowedTags.has(tag)) problems.push(`tag <${tag}>`);
    for (const { name, value } of element.attrs) {
      if (!ALLOWED_ATTRIBUTES.has(name)) problems.push(`attribute ${name} on <${tag}>`);
      if (/^on/i.test(name)) problems.push(`handler ${name} on <${tag}>`);
      if ((name === 'href' || name === 'src') && !isSafeUrl(value)) problems.push(`${name}="${value}" on <${tag}>`);
      if (name === 'style' && FORBIDDEN_STYLE.test(value)) problems.push(`style="${value}" on <${tag}>`);
      if (name === 'class' && value.split(/\s+/).some((token) => token !== '' && !token.startsWith('cms-'))) {
        problems.push(`class="${value}" on <${tag}>`);
      }
    }
    const target = element.attrs.find((attr) => attr.name === 'target')?.value;
    const rel = element.attrs.find((attr) => attr.name === 'rel')?.value ?? '';
    if (target === '_blank' && !/\bnoopener\b/.test(rel)) problems.push(`target _blank without noopener on <${tag}>`);
    if (target !== undefined && target !== '_blank') problems.push(`target ${target} on <${tag}>`);
  }
  if (/<\s*script/i.test(html)) problems.push('a <script in the markup');
  return problems;
}
