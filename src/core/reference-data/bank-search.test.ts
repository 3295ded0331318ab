import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  bankSearchRank,
  bankSearchText,
  brandSearchColumns,
  everydaySearchKey,
  rankBanks,
  searchForm,
  type SearchableBank,
} from './bank-search.ts';
import { formatIssue } from './csv.ts';
import { REFERENCE_FILE_NAMES, type ReferenceFileTexts } from './records.ts';
import { loadReferenceData } from './reference-data.ts';
import { DEPOSIT_PROTECTION_BASIS } from './spec-mapping.ts';
import { TYPED_BANK_NAMES } from './typed-bank-names-fixture.ts';

const DATA_DIR = new URL('../../../data/reference/', import.meta.url);

function realData() {
  const texts = Object.fromEntries(
    Object.entries(REFERENCE_FILE_NAMES).map(([key, file]) => [key, fs.readFileSync(new URL(file, DATA_DIR), 'utf8')]),
  ) as ReferenceFileTexts;
  const result = loadReferenceData(texts);
  if (!result.ok) throw new Error(result.issues.map(formatIssue).join('\n'));
  return result.loaded.data;
}

/** A brand as the search sees it; `everyday` lists its everyday names (none: not an everyday brand). */
function bank(bankName: string, legalName: string, everyday?: string[]): SearchableBank {
  return {
    bankName,
    searchName: searchForm(bankName),
    searchText: bankSearchText([bankName, legalName, ...(everyday ?? [])]),
    everydaySearch: everyday ? everydaySearchKey([bankName, ...everyday]) : null,
  };
}

const santanderBusiness = bank('Santander Business', 'Santander UK Plc');
const santanderUk = bank('Santander UK Plc', 'Santander UK Plc');
const santander = bank('Santander', 'Santander UK Plc', ['Santander UK']);
const cahoot = bank('Cahoot', 'Santander UK Plc');
const lloyds = bank('Lloyds Bank', 'Lloyds Bank PLC', ['Lloyds']);
const lloyds360 = bank('Lloyds 360', 'Lloyds Bank PLC');
const names = (banks: SearchableBank[]) => banks.map((b) => b.bankName);

describe('search form', () => {
  it('compares in lower case, with straight apostrophes and single spaces', () => {
    expect(searchForm('  Sainsbury’s   BANK ')).toBe("sainsbury's bank");
    expect(searchForm('‘NS&I’')).toBe("'ns&i'");
  });

  it("keeps an everyday brand's names between '|', once each", () => {
    expect(everydaySearchKey(['Lloyds Bank', 'Lloyds', 'lloyds ', ''])).toBe('|lloyds bank|lloyds|');
    expect(everydaySearchKey([])).toBeNull();
  });

  it("joins every name a brand is found by with ' | ', once each", () => {
    expect(bankSearchText(['Halifax', 'HALIFAX', null, 'Bank of Scotland plc'])).toBe('halifax | bank of scotland plc');
  });
});

describe('the ranking', () => {
  const all = [santanderBusiness, santanderUk, santander, cahoot, lloyds, lloyds360];

  it('puts the everyday brand named by the search before business and licence-holder brands', () => {
    // Cahoot is found by its licence holder's name, so it comes last.
    expect(names(rankBanks(all, 'Santander', 20))).toEqual([
      'Santander',
      'Santander Business',
      'Santander UK Plc',
      'Cahoot',
    ]);
    expect(names(rankBanks(all, 'lloyds', 20))).toEqual(['Lloyds Bank', 'Lloyds 360']);
  });

  it("puts an everyday brand whose name starts with the search before other brands' names that do", () => {
    expect(names(rankBanks(all, 'sant', 20))).toEqual([
      'Santander',
      'Santander Business',
      'Santander UK Plc',
      'Cahoot',
    ]);
    expect(names(rankBanks(all, 'lloy', 20))).toEqual(['Lloyds Bank', 'Lloyds 360']);
  });

  it('puts an everyday brand whose shown name starts with the search before one whose other everyday name does', () => {
    const nsi = bank('NS&I', 'National Savings and Investments (NS&I)', ['National Savings']);
    const nationwide = bank('Nationwide Building Society', 'Nationwide Building Society', ['Nationwide']);
    const nab = bank('National Australia Bank Limited', 'National Australia Bank Limited');
    expect(names(rankBanks([nab, nsi, nationwide], 'nation', 20))).toEqual([
      'Nationwide Building Society',
      'NS&I',
      'National Australia Bank Limited',
    ]);
    expect(names(rankBanks([nab, nsi, nationwide], 'national savings', 20))).toEqual(['NS&I']);
  });

  it("puts a brand's own name typed in full before an everyday brand that merely starts with it", () => {
    expect(names(rankBanks(all, 'Santander Business', 20))).toEqual(['Santander Business']);
    // 'Santander UK' is an everyday name of Santander: that beats Santander UK Plc starting with it.
    expect(names(rankBanks(all, 'santander uk', 20))).toEqual([
      'Santander',
      'Santander UK Plc',
      'Cahoot',
      'Santander Business',
    ]);
  });

  it('finds a brand by its licence holder last, and ranks each tier by name', () => {
    expect(names(rankBanks(all, 'santander uk plc', 20))).toEqual([
      'Santander UK Plc',
      'Cahoot',
      'Santander',
      'Santander Business',
    ]);
    expect(bankSearchRank(cahoot, 'santander')).toBe(5);
    expect(bankSearchRank(cahoot, 'lloyds')).toBeNull();
  });

  it('lists everything by name for an empty search, and stops at the limit', () => {
    expect(names(rankBanks(all, '', 3))).toEqual(['Cahoot', 'Lloyds 360', 'Lloyds Bank']);
  });
});

describe('the real data: what people type finds the everyday brand first', () => {
  const data = realData();
  const institutions = new Map(data.institutions.map((i) => [i.institutionId, i]));
  const banks = data.brands.map((brand) => {
    const institution = institutions.get(brand.institutionId)!;
    return { ...brandSearchColumns(brand, institution), brand, institution };
  });

  it.each(TYPED_BANK_NAMES)("'$typed' finds $brand (FRN $frn, $legalName) first", (expected) => {
    const top = rankBanks(banks, expected.typed, 20)[0];
    expect({
      typed: expected.typed,
      brand: top?.bankName,
      frn: top?.brand.frn ?? null,
      legalName: top?.institution.displayName,
      protectionBasis: top && DEPOSIT_PROTECTION_BASIS[top.brand.fscsDepositProtection],
    }).toEqual(expected);
  });

  it('finds each everyday brand first by each of its everyday names, and only one brand per name', () => {
    const everyday = banks.filter((b) => b.everydaySearch !== null);
    expect(everyday.length).toBeGreaterThanOrEqual(100);
    for (const bank of everyday) {
      for (const typed of bank.everydaySearch!.split('|').filter(Boolean)) {
        const found = rankBanks(banks, typed, 20);
        expect(found[0], typed).toBe(bank);
        expect(found.filter((other) => bankSearchRank(other, typed) === 0).length, typed).toBe(1);
      }
    }
  });
});
