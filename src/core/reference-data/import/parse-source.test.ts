import { describe, expect, it } from 'vitest';
import { depositLimitOn } from '../../protection/limits.ts';
import { brandReferenceId } from './brand-id.ts';
import type { ImportTab, RawTab } from './contract.ts';
import { HEADER_ROW, parseImportTabs } from './parse-source.ts';
import {
  BANKS_COLUMNS,
  ISAS_COLUMNS,
  PENSIONS_COLUMNS,
  checkTabColumns,
  describeTabColumns,
  type BanksColumn,
  type IsasColumn,
  type PensionsColumn,
} from './source-format.ts';

const TODAY = '2026-11-29';

const bank = (cells: Partial<Record<BanksColumn, string>> = {}): Record<BanksColumn, string> => ({
  'Brand name': 'Halifax',
  FRN: '169628',
  'Licence holder': 'Bank of Scotland plc',
  'Licence ID': '',
  'Institution type': 'bank',
  'Register section': 'uk_incorporated_bank',
  'Corporate group': 'Lloyds Banking Group',
  'Licence sources': 'PRA_BANKS (2025-06); BOE_BANK_BRANDS (2025-04-14)',
  'Licence confidence score': '100',
  'Licence notes': '',
  'Everyday names': '',
  'Brand sources': 'BOE_BANK_BRANDS (2025-04-14)',
  'Brand confidence score': '100',
  'Brand notes': '',
  ...cells,
});

const isa = (cells: Partial<Record<IsasColumn, string>> = {}): Record<IsasColumn, string> => ({
  'HMRC reference': 'Z1001',
  'Legal name': 'Bank of Scotland plc',
  'Platform name': 'Halifax',
  'FCA reference': '169628',
  'ISA types': 'cash; stocks_and_shares',
  'FSCS category': 'banking_group',
  'Banking group FRN': '169628',
  'Website URL': '',
  'User message': '',
  'Warn user level': '',
  Source: 'HMRC ISA managers list',
  'Source as at': '2024-01-31',
  'Confidence score': '100',
  Notes: '',
  ...cells,
});

const pension = (cells: Partial<Record<PensionsColumn, string>> = {}): Record<PensionsColumn, string> => ({
  'Provider name': 'Aviva',
  'Legal entity': 'Aviva Life & Pensions UK Limited',
  'Legal entity role': 'insurer',
  Regulator: 'PRA and FCA',
  FRN: '185896',
  'FRN status': 'from HMRC ISA managers list',
  Category: 'insurer',
  'User message': 'Insured pension: 100% FSCS cover.',
  'Warn user level': '',
  'Display to user': 'yes',
  Sources: 'fscs.org.uk pensions page',
  'As at': '2024-01-31',
  'Confidence score': '75',
  Notes: '',
  ...cells,
});

function tab<C extends string>(name: ImportTab, columns: readonly C[], rows: Record<C, string>[]): RawTab {
  return { tab: name, headers: [...columns], rows: rows.map((row) => columns.map((column) => row[column])) };
}
const banksTab = (...rows: Record<BanksColumn, string>[]) => tab('Banks', BANKS_COLUMNS, rows);
const isasTab = (...rows: Record<IsasColumn, string>[]) => tab('ISAs', ISAS_COLUMNS, rows);
const pensionsTab = (...rows: Record<PensionsColumn, string>[]) => tab('Pensions', PENSIONS_COLUMNS, rows);

/** Every message of every invalid row. */
const allMessages = (tabs: RawTab[]) => parseImportTabs(tabs, TODAY).invalid.flatMap((i) => i.messages);

/** The messages of the one invalid row, after checking there is exactly one. */
function onlyMessages(tabs: RawTab[]): string[] {
  const { invalid } = parseImportTabs(tabs, TODAY);
  expect(invalid).toHaveLength(1);
  return invalid[0]!.messages;
}

describe('parseImportTabs: the Banks tab', () => {
  it('gives a licence and its brand as the loader stores them', () => {
    const { records, invalid } = parseImportTabs([banksTab(bank())], TODAY);
    expect(invalid).toEqual([]);
    expect(records.banking_groups).toEqual([
      expect.objectContaining({
        id: 'frn-169628',
        groupName: 'Bank of Scotland plc',
        groupFrn: '169628',
        parentGroup: 'Lloyds Banking Group',
        isDepositTaker: true,
        fscsProtected: true,
        protectionBasis: 'fscs_deposit',
        protectionLimitKey: 'fscs_deposit',
        inBoeSharedBrandsList: true,
        sourceAsAt: { PRA_BANKS: '2025-06', BOE_BANK_BRANDS: '2025-04-14' },
        sources: ['PRA_BANKS (2025-06)', 'BOE_BANK_BRANDS (2025-04-14)'],
      }),
    ]);
    expect(records.bank_references).toEqual([
      expect.objectContaining({
        id: brandReferenceId('frn-169628/Halifax'),
        referenceKey: 'frn-169628/Halifax',
        bankingGroupId: 'frn-169628',
        bankFrn: '169628',
        apiSource: 'BOE_BANK_BRANDS',
        lastUpdated: '2025-04-14',
        searchText: 'halifax | bank of scotland plc',
        everydaySearch: null,
        isAmbiguous: false,
      }),
    ]);
  });

  it('lets a licence-only row (no Brand name) give a licence with no brand', () => {
    const row = bank({ 'Brand name': '', 'Brand sources': '', 'Brand confidence score': '' });
    const { records, invalid } = parseImportTabs([banksTab(row)], TODAY);
    expect(invalid).toEqual([]);
    expect(records.banking_groups.map((g) => g.id)).toEqual(['frn-169628']);
    expect(records.bank_references).toEqual([]);
  });

  it('numbers rows as a spreadsheet does and skips blank ones', () => {
    const blank = Object.fromEntries(BANKS_COLUMNS.map((c) => [c, ' '])) as Record<BanksColumn, string>;
    const { invalid, records } = parseImportTabs([banksTab(blank, bank(), blank, bank({ FRN: '12a' }))], TODAY);
    expect(records.bank_references).toHaveLength(1);
    expect(invalid).toEqual([
      {
        tab: 'Banks',
        rowNumber: 5,
        id: null,
        table: 'bank_references',
        messages: ["FRN: '12a' is not a 6- or 7-digit FRN"],
      },
    ]);
  });

  it("reports a bad licence cell once, on the licence, and points the licence's brands to it", () => {
    const { invalid } = parseImportTabs([banksTab(bank(), bank({ 'Brand name': 'BoS', 'Licence holder': '' }))], TODAY);
    expect(invalid.map((i) => [i.rowNumber, i.table, i.messages])).toEqual([
      [
        2,
        'banking_groups',
        [
          'Row 3: Licence holder: a value is required',
          'Licence frn-169628: Licence holder differ between rows 2 and 3',
        ],
      ],
      [2, 'bank_references', ['Licence frn-169628 could not be read: see row 2']],
      [3, 'bank_references', ['Licence frn-169628 could not be read: see row 2']],
    ]);
  });

  it.each<[string, Partial<Record<BanksColumn, string>>, string]>([
    ['a bad FRN', { FRN: '12345' }, "FRN: '12345' is not a 6- or 7-digit FRN"],
    ['a blank licence holder', { 'Licence holder': '' }, 'Licence holder: a value is required'],
    ['an unknown institution type', { 'Institution type': 'fintech' }, "Institution type: 'fintech' is not one of"],
    ['an unknown register section', { 'Register section': 'uk' }, "Register section: 'uk' is not one of"],
    [
      'a section the type is never listed in',
      { 'Institution type': 'building_society' },
      "Register section: a building_society is listed in uk_building_society, not 'uk_incorporated_bank'",
    ],
    ['a deposit taker without a section', { 'Register section': '' }, "not 'blank'"],
    ['a licence id of other characters', { 'Licence ID': 'Frn 169628' }, "Licence ID: 'Frn 169628' is not lower-case"],
    ['a synthetic group id', { 'Licence ID': 'isa-z1' }, "Licence ID: 'isa-' ids are the synthetic ISA groups'"],
    [
      'an frn- id of another FRN',
      { 'Licence ID': 'frn-123456' },
      "Licence ID: 'frn-123456' names another FRN than 169628",
    ],
    ['no id and no FRN', { FRN: '' }, 'Licence ID: a value is required for a licence without an FRN'],
    ['no licence sources', { 'Licence sources': '' }, 'Licence sources: a value is required'],
    ['a confidence score over 100', { 'Licence confidence score': '101' }, "'101' is not a whole number from 0 to 100"],
    ['a confidence word', { 'Brand confidence score': 'high' }, "Brand confidence score: 'high' is not a whole number"],
    ['a brand source without its as-at', { 'Brand sources': 'BOE_BANK_BRANDS' }, 'must end with its as-at in brackets'],
    ['a brand as-at that is no date', { 'Brand sources': 'PRA_BANKS (2025-02-30)' }, "'2025-02-30' is not a real date"],
    ['a brand as-at after today', { 'Brand sources': 'PRA_BANKS (2026-12)' }, '2026-12 is after today (2026-11-29)'],
    ['no brand sources', { 'Brand sources': '' }, 'Brand sources: a value is required'],
    ['an everyday name with a bar', { 'Everyday names': 'Halifax; Hali|fax' }, "'Hali|fax' holds a '|'"],
    [
      'brand columns on a licence-only row',
      { 'Brand name': '', 'Brand sources': '', 'Brand confidence score': '', 'Brand notes': 'x' },
      'Brand notes: a row without a Brand name lists a licence only',
    ],
  ])('refuses %s', (_, cells, message) => {
    expect(allMessages([banksTab(bank(cells))]).join(' | ')).toContain(message);
  });

  it('refuses every row of a licence whose rows disagree, and the licence itself', () => {
    const { records, invalid } = parseImportTabs(
      [banksTab(bank(), bank({ 'Brand name': 'Bank of Scotland', 'Licence holder': 'Bank of Scotland' }))],
      TODAY,
    );
    expect(records.banking_groups).toEqual([]);
    expect(records.bank_references).toEqual([]);
    expect(invalid.map((i) => [i.rowNumber, i.table, i.id])).toEqual([
      [2, 'banking_groups', 'frn-169628'],
      [2, 'bank_references', brandReferenceId('frn-169628/Halifax')],
      [3, 'bank_references', brandReferenceId('frn-169628/Bank of Scotland')],
    ]);
    expect(invalid[0]!.messages).toEqual(['Licence frn-169628: Licence holder differ between rows 2 and 3']);
    expect(invalid[2]!.messages).toEqual(['Licence frn-169628 could not be read: see row 2']);
  });

  it('refuses a brand given twice under one licence, on both rows', () => {
    const { records, invalid } = parseImportTabs([banksTab(bank(), bank())], TODAY);
    expect(records.bank_references).toEqual([]);
    expect(records.banking_groups).toHaveLength(1);
    expect(invalid.map((i) => i.messages)).toEqual([
      ["Brand name: 'Halifax' is under this licence on rows 2, 3"],
      ["Brand name: 'Halifax' is under this licence on rows 2, 3"],
    ]);
  });

  it('refuses two everyday brands that one typed name would find', () => {
    const other = bank({ 'Brand name': 'Bank of Scotland', 'Everyday names': 'Bank of Scotland; BoS' });
    const rows = [bank({ 'Everyday names': 'Halifax; bos' }), other];
    expect(parseImportTabs([banksTab(...rows)], TODAY).invalid.map((i) => i.messages)).toEqual([
      ["Everyday names: 'bos' would find the everyday brands of rows 2, 3"],
      ["Everyday names: 'bos' would find the everyday brands of rows 2, 3"],
    ]);
  });

  it('refuses two deposit-taker licences with one FRN (one limit per FRN)', () => {
    const { invalid } = parseImportTabs(
      [banksTab(bank(), bank({ 'Licence ID': 'bos-two', 'Brand name': 'BoS' }))],
      TODAY,
    );
    expect(invalid.filter((i) => i.table === 'banking_groups').map((i) => i.id)).toEqual(['frn-169628', 'bos-two']);
  });

  it('flags a brand name listed under two FRNs with the other FRN, and marks an everyday brand for search', () => {
    const barclaysUk = bank({ 'Brand name': 'Barclays', FRN: '759676', 'Everyday names': 'Barclays; barclays bank' });
    const barclaysPlc = bank({ 'Brand name': 'Barclays', FRN: '122702' });
    const { records, invalid } = parseImportTabs([banksTab(barclaysUk, barclaysPlc)], TODAY);
    expect(invalid).toEqual([]);
    const byKey = Object.fromEntries(records.bank_references.map((b) => [b.referenceKey, b]));
    expect(byKey['frn-759676/Barclays']).toMatchObject({
      alsoListedUnderFrns: ['122702'],
      isAmbiguous: true,
      everydaySearch: '|barclays|barclays bank|',
    });
    expect(byKey['frn-122702/Barclays']).toMatchObject({ alsoListedUnderFrns: ['759676'], everydaySearch: null });
  });

  it('marks a Crown Dependency brand by its note and offshore name', () => {
    const row = bank({ 'Brand name': 'RBS International', 'Brand notes': 'Jersey-incorporated bank' });
    expect(parseImportTabs([banksTab(row)], TODAY).records.bank_references[0]).toMatchObject({
      isCrownDependency: true,
      warnUserLevel: 'medium',
      userMessage: 'Deposits booked in a Crown Dependency are outside the UK FSCS.',
    });
  });
});

describe('parseImportTabs: columns', () => {
  it('makes the whole tab invalid when a mandatory column is missing, naming it', () => {
    const banks = banksTab(bank());
    const withoutFrn: RawTab = {
      ...banks,
      headers: banks.headers.filter((h) => h !== 'FRN'),
      rows: banks.rows.map((row) => row.filter((_, i) => banks.headers[i] !== 'FRN')),
    };
    const { records, invalid } = parseImportTabs([withoutFrn], TODAY);
    expect(records.banking_groups).toEqual([]);
    expect(invalid).toEqual([
      {
        tab: 'Banks',
        rowNumber: HEADER_ROW,
        id: null,
        table: 'bank_references',
        messages: ["The Banks tab lacks the mandatory column 'FRN'."],
      },
    ]);
  });

  it('refuses a tab with a mandatory column twice, and a source with a tab twice', () => {
    const banks = banksTab(bank());
    const twice = { ...banks, headers: [...banks.headers, 'frn'], rows: banks.rows.map((r) => [...r, '1']) };
    expect(onlyMessages([twice])).toEqual(["The Banks tab has the column 'FRN' more than once."]);
    expect(onlyMessages([banks, banks])).toEqual(['The source has the Banks tab 2 times.']);
  });

  it('ignores extra columns and reports them, and reads headers in any order, case and spacing', () => {
    const banks = banksTab(bank());
    const reordered: RawTab = {
      tab: 'Banks',
      headers: ['Checked by', ...banks.headers.map((h) => `  ${h.toUpperCase().replace(' ', '   ')}`).reverse()],
      rows: banks.rows.map((row) => ['Sam', ...[...row].reverse()]),
    };
    expect(parseImportTabs([reordered], TODAY)).toEqual(parseImportTabs([banks], TODAY));
    expect(describeTabColumns('Banks', checkTabColumns(reordered))).toEqual({
      errors: [],
      notices: ["The Banks tab's column 'Checked by' is not part of the format: ignored."],
    });
  });
});

describe('parseImportTabs: the ISAs tab', () => {
  it("puts a deposit taker's cash ISA under its licence", () => {
    const { records, invalid } = parseImportTabs([banksTab(bank()), isasTab(isa())], TODAY);
    expect(invalid).toEqual([]);
    expect(records.isa_providers).toEqual([
      expect.objectContaining({
        id: 'Z1001',
        platformName: 'Halifax',
        bankingGroupId: 'frn-169628',
        bankingGroupName: 'Bank of Scotland plc',
        isaTypes: ['cash', 'stocks_and_shares'],
        protectionLimitKey: 'fscs_deposit',
        warnUserLevel: 'low',
      }),
    ]);
  });

  it("gives a provider whose banking group is not found the spec's synthetic group, with today's limit key", () => {
    const { records, invalid } = parseImportTabs([banksTab(bank({ FRN: '100014' })), isasTab(isa())], TODAY);
    expect(invalid).toEqual([]);
    expect(records.isa_providers[0]).toMatchObject({ bankingGroupId: 'isa-Z1001', bankingGroupFrn: '169628' });
    const synthetic = records.banking_groups.find((g) => g.id === 'isa-Z1001');
    expect(synthetic).toMatchObject({
      groupName: 'Halifax',
      type: 'ISA Provider Group',
      fscsProtected: true,
      displayToUser: false,
      protectionLimitKey: 'fscs_deposit',
      sourceAsAt: { HMRC_ISA_MANAGERS: '2024-01-31' },
    });
    // The key is read on the day: £120,000 since 1 December 2025, not the spec's fixed 85,000.
    expect(depositLimitOn(TODAY).amountPence).toBe(12_000_000);
  });

  it('gives an investment platform a synthetic group measured against the investment limit', () => {
    const platform = isa({ 'FSCS category': 'investment_platform', 'Banking group FRN': '', 'FCA reference': '' });
    const { records } = parseImportTabs([isasTab(platform)], TODAY);
    expect(records.banking_groups).toEqual([
      expect.objectContaining({ id: 'isa-Z1001', protectionLimitKey: 'fscs_investment', groupFrn: null }),
    ]);
  });

  it.each<[string, Partial<Record<IsasColumn, string>>, string]>([
    ['a bad HMRC reference', { 'HMRC reference': '1001' }, "HMRC reference: '1001' is not an HMRC reference"],
    ['a blank legal name', { 'Legal name': '' }, 'Legal name: a value is required'],
    ['an unknown FSCS category', { 'FSCS category': 'bank' }, "FSCS category: 'bank' is not one of"],
    ['an unknown ISA type', { 'ISA types': 'cash; help_to_buy' }, "ISA types: 'help_to_buy' is not one of"],
    ['a bad FCA reference', { 'FCA reference': 'ABC' }, "FCA reference: 'ABC' is not a 6- or 7-digit FRN"],
    [
      'a website that is not one',
      { 'Website URL': 'halifax.co.uk' },
      "Website URL: 'halifax.co.uk' is not a web address",
    ],
    ['an unknown warning level', { 'Warn user level': 'severe' }, "Warn user level: 'severe' is not one of"],
    ['no source', { Source: '' }, 'Source: a value is required'],
    ['a source as at that is no date', { 'Source as at': '31/01/2024' }, "'31/01/2024' is not a yyyy-MM-dd date"],
    ['a source as at after today', { 'Source as at': '2026-11-30' }, '2026-11-30 is after today'],
    ['a blank confidence score', { 'Confidence score': '' }, 'Confidence score: a value is required'],
    ['a banking_group provider without an FRN', { 'Banking group FRN': '' }, 'needs its deposit taker’s FRN'],
  ])('refuses %s', (_, cells, message) => {
    expect(onlyMessages([banksTab(bank()), isasTab(isa(cells))]).join(' | ')).toContain(message);
  });

  it('refuses a banking_group provider whose FRN is a platform, not a deposit taker', () => {
    const platform = bank({ 'Institution type': 'platform', 'Register section': 'fca_authorised_non_deposit_taker' });
    expect(onlyMessages([banksTab(platform), isasTab(isa())])).toEqual([
      'Banking group FRN: FRN 169628 is Bank of Scotland plc, which is not a deposit taker',
    ]);
  });

  it('refuses, rather than making a synthetic group, when the FRN is on a Banks row that could not be read', () => {
    const { invalid, records } = parseImportTabs([banksTab(bank({ 'Licence holder': '' })), isasTab(isa())], TODAY);
    expect(records.banking_groups).toEqual([]);
    expect(invalid.find((i) => i.tab === 'ISAs')?.messages).toEqual([
      'Banking group FRN: licence FRN 169628 is on Banks row 2, which could not be read',
    ]);
  });

  it('refuses a provider naming an FRN when there is no Banks tab to look it up in', () => {
    expect(onlyMessages([isasTab(isa())])).toEqual([
      'Banking group FRN: the Banks tab is missing or could not be read, so licence FRN 169628 cannot be looked up',
    ]);
  });

  it('refuses an HMRC reference given twice, on both rows', () => {
    const { invalid } = parseImportTabs([banksTab(bank()), isasTab(isa(), isa())], TODAY);
    expect(invalid.map((i) => [i.rowNumber, i.id, i.messages])).toEqual([
      [2, 'Z1001', ["HMRC reference: 'Z1001' is given on rows 2, 3"]],
      [3, 'Z1001', ["HMRC reference: 'Z1001' is given on rows 2, 3"]],
    ]);
  });
});

describe('parseImportTabs: the Pensions tab', () => {
  it('derives the id, coverage and warning from the name, category and confidence', () => {
    const { records, invalid } = parseImportTabs(
      [banksTab(bank()), pensionsTab(pension({ 'Legal entity': 'Aviva Life (insurer of record; FRN checked)' }))],
      TODAY,
    );
    expect(invalid).toEqual([]);
    expect(records.pension_providers).toEqual([
      expect.objectContaining({
        id: 'aviva',
        legalEntityName: 'Aviva Life',
        legalEntityNote: 'insurer of record; FRN checked',
        coverageTag: 'insurance_100',
        protectionBasis: 'insurance_100',
        bankingGroupName: null,
        displayMessage: 'Insured pension: 100% FSCS cover.',
        warnUserLevel: 'low',
      }),
    ]);
  });

  it('warns at medium about a provider below 70 confidence, unless the sheet says otherwise', () => {
    const low = parseImportTabs([banksTab(bank()), pensionsTab(pension({ 'Confidence score': '50' }))], TODAY);
    expect(low.records.pension_providers[0]?.warnUserLevel).toBe('medium');
    const set = pension({ 'Confidence score': '50', 'Warn user level': 'high' });
    expect(
      parseImportTabs([banksTab(bank()), pensionsTab(set)], TODAY).records.pension_providers[0]?.warnUserLevel,
    ).toBe('high');
  });

  it.each<[string, Partial<Record<PensionsColumn, string>>, string]>([
    ['a blank provider name', { 'Provider name': '' }, 'Provider name: a value is required'],
    ['a name with nothing to make an id of', { 'Provider name': '—' }, "'—' has no letters or digits"],
    ['a blank legal entity', { 'Legal entity': '' }, 'Legal entity: a value is required'],
    ['an unknown category', { Category: 'bank' }, "Category: 'bank' is not one of"],
    ['a display flag that is not yes or no', { 'Display to user': 'Y' }, "Display to user: 'Y' is not one of yes, no"],
    ['no sources', { Sources: ' ; ' }, 'Sources: a value is required'],
    ['a blank user message', { 'User message': '' }, 'User message: a value is required'],
  ])('refuses %s', (_, cells, message) => {
    expect(onlyMessages([banksTab(bank()), pensionsTab(pension(cells))]).join(' | ')).toContain(message);
  });

  it('refuses two rows whose names give one id', () => {
    const { invalid } = parseImportTabs(
      [banksTab(bank()), pensionsTab(pension(), pension({ 'Provider name': 'AVIVA' }))],
      TODAY,
    );
    expect(invalid.map((i) => i.rowNumber)).toEqual([2, 3]);
  });
});
