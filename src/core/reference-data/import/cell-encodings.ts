/**
 * The source format's cells that hold more than one stored field, each read and written here side
 * by side so the two stay inverse (a round trip of the shipped data changes nothing).
 */
import { searchForm } from '../bank-search.ts';
import { LIST_SEPARATOR } from './source-format.ts';

/** A research-pack source id ("PRA_BANKS"), as the data files name their sources. */
const SOURCE_ID = /^([A-Z][A-Z0-9_]*) \((.+)\)$/;

/** Licence sources citing the BoE/PRA shared-brands lists: the licence is on that list. */
const BOE_SHARED_BRANDS_LISTS = ['BOE_BANK_BRANDS', 'BOE_BS_BRANDS'];

export interface LicenceSources {
  /** As stored: "PRA_BANKS (2025-06)", or a page cited as written. */
  sources: string[];
  /** Source id → as-at, from the items "ID (as-at)". */
  sourceAsAt: Record<string, string>;
  inBoeSharedBrandsList: boolean;
}

/**
 * "PRA_BANKS (2025-06); BOE_BANK_BRANDS (2025-04-14)": a source id in capitals followed by its
 * as-at in brackets gives `source_as_at`; anything else is a page, cited as written.
 */
export function readLicenceSources(items: string[]): LicenceSources {
  const sourceAsAt: Record<string, string> = {};
  const ids: string[] = [];
  for (const item of items) {
    const dated = SOURCE_ID.exec(item);
    if (dated) sourceAsAt[dated[1]!] = dated[2]!;
    ids.push(dated ? dated[1]! : item);
  }
  return {
    sources: items,
    sourceAsAt,
    inBoeSharedBrandsList: ids.some((id) => BOE_SHARED_BRANDS_LISTS.includes(id)),
  };
}

/** An as-at the data files allow for a brand: a month, a day, or 'see source'. */
const BRAND_SOURCE = /(.+?) \((\d{4}-\d{2}(?:-\d{2})?|see source)\)(?:; |$)/y;

export interface DatedSource {
  source: string;
  asAt: string;
}

/**
 * "BOE_BANK_BRANDS (2025-04-14); HMRC_ISA (2024-01-31)": every brand source ends with its as-at in
 * brackets, and that is what separates them (a page cited may hold '; ' itself). Null when the
 * cell is not such a list.
 */
export function readBrandSources(cell: string): DatedSource[] | null {
  const sources: DatedSource[] = [];
  BRAND_SOURCE.lastIndex = 0;
  while (BRAND_SOURCE.lastIndex < cell.length) {
    const match = BRAND_SOURCE.exec(cell);
    if (!match) return null;
    sources.push({ source: match[1]!.trim(), asAt: match[2]! });
  }
  return sources;
}

/** How a dated source is stored in `sources` (rows.ts). */
export const datedSourceText = ({ source, asAt }: DatedSource) => `${source} (${asAt})`;

/**
 * The names people type for an everyday brand, from its stored `everyday_search`
 * ('|lloyds bank|lloyds|'): the brand's own name first, as written, then the names it is also
 * typed as, in the search's lower case (the stored row keeps no other). Blank for other brands.
 */
export function writeEverydayNames(
  bankName: string,
  alternativeNames: string[],
  everydaySearch: string | null,
): string {
  if (everydaySearch === null) return '';
  const own = new Set([bankName, ...alternativeNames].map(searchForm));
  const typed = everydaySearch.split('|').filter((name) => name !== '' && !own.has(name));
  return [bankName, ...typed].join(LIST_SEPARATOR);
}
