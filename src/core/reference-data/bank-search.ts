/**
 * How the bank picker's search finds and ranks brands (`GET /api/reference/banks?q=`).
 *
 * People type the names they know ("Santander", "Lloyds", "Yorkshire"), not licence holders
 * ("Santander UK Plc") or business brands ("Santander Business"). Everyday brands
 * (`data/reference/everyday_brands.csv`) carry the names people type for them, and a search
 * ranks, best first:
 *
 * 0. an everyday brand one of whose everyday names is the search ("lloyds" → Lloyds Bank);
 * 1. a brand whose name is the search ("santander business");
 * 2. an everyday brand whose name starts with the search ("sant" → Santander);
 * 3. an everyday brand another of whose everyday names does ("national sav" → NS&I);
 * 4. a brand whose name starts with the search;
 * 5. a brand any of whose names (brand, legal, other, everyday) contains the search;
 *
 * then by name. The query in `src/server/reference/queries.ts` does this in SQL over the columns
 * `rows.ts` fills with the functions below; `rankBanks` is the same rule in code, and tests hold
 * the two to each other.
 */

import type { Brand, Institution } from './reference-data.ts';

/** Separates a brand's everyday names in its search key. */
const SEPARATOR = '|';

/**
 * A name or a search as the search compares it: lower case, curly apostrophes straight (phones
 * type "Sainsbury’s"), spaces trimmed and collapsed.
 */
export function searchForm(text: string): string {
  return text.trim().replace(/\s+/g, ' ').replace(/[‘’]/g, "'").toLowerCase();
}

/** Every name a brand is found by, in search form, once each, joined by ' | ' (the `search_text` column). */
export function bankSearchText(names: readonly (string | null | undefined)[]): string {
  return [...new Set(names.filter((n): n is string => !!n).map(searchForm))].join(' | ');
}

/**
 * An everyday brand's names in search form between '|' ("|lloyds bank|lloyds|"), so one `strpos`
 * tells an exact name ('|lloyds|') from a name's start ('|lloy'); null for other brands.
 */
export function everydaySearchKey(names: readonly string[]): string | null {
  const forms = [...new Set(names.map(searchForm).filter((n) => n !== ''))];
  return forms.length === 0 ? null : `${SEPARATOR}${forms.join(SEPARATOR)}${SEPARATOR}`;
}

/** The names people type for an everyday brand (its display, other and typed names); none for other brands. */
export function everydayNamesOf(brand: Brand): string[] {
  return brand.everyday === null ? [] : [brand.displayName, ...brand.alternativeNames, ...brand.everyday.alsoTypedAs];
}

/** A brand's search columns (`bank_references.bank_name`, `search_name`, `search_text`, `everyday_search`), under its institution. */
export function brandSearchColumns(brand: Brand, institution: Institution): SearchableBank {
  return {
    bankName: brand.displayName,
    searchName: searchForm(brand.displayName),
    searchText: bankSearchText([
      brand.displayName,
      brand.brandName,
      ...brand.alternativeNames,
      ...(brand.everyday?.alsoTypedAs ?? []),
      institution.displayName,
      institution.legalName,
    ]),
    everydaySearch: brand.everyday === null ? null : everydaySearchKey(everydayNamesOf(brand)),
  };
}

/** What the ranking reads of a brand: the columns `bank_name`, `search_name`, `search_text` and `everyday_search`. */
export interface SearchableBank {
  bankName: string;
  /** The brand's name in search form. */
  searchName: string;
  searchText: string;
  everydaySearch?: string | null;
}

/** The brand's rank for a search already in search form (0 best, 5 a mere substring), or null when it does not match. */
export function bankSearchRank(bank: SearchableBank, needle: string): number | null {
  if (!bank.searchText.includes(needle)) return null;
  const name = bank.searchName;
  const everyday = bank.everydaySearch;
  if (everyday?.includes(`${SEPARATOR}${needle}${SEPARATOR}`)) return 0;
  if (name === needle) return 1;
  if (everyday && name.startsWith(needle)) return 2;
  if (everyday?.includes(`${SEPARATOR}${needle}`)) return 3;
  if (name.startsWith(needle)) return 4;
  return 5;
}

/** The brands a search finds, best first then by name, at most `limit`: the rule the SQL follows. */
export function rankBanks<T extends SearchableBank>(banks: readonly T[], q: string, limit: number): T[] {
  const needle = searchForm(q);
  return banks
    .map((bank) => ({ bank, rank: needle === '' ? 0 : bankSearchRank(bank, needle) }))
    .filter((ranked): ranked is { bank: T; rank: number } => ranked.rank !== null)
    .sort((a, b) => a.rank - b.rank || a.bank.bankName.localeCompare(b.bank.bankName, 'en-GB'))
    .slice(0, limit)
    .map((ranked) => ranked.bank);
}
