import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INSTITUTION_TYPES, ISA_FSCS_CATEGORIES, ISA_TYPES, PENSION_CATEGORIES } from '../records.ts';
import { ISA_CATEGORY_MESSAGES } from '../spec-mapping.ts';
import type { ParsedImport, RawTab } from './contract.ts';
import { exportImportTabs } from './export-source.ts';
import { parseImportTabs } from './parse-source.ts';
import { BANKS_COLUMNS, ISAS_COLUMNS, PENSIONS_COLUMNS } from './source-format.ts';

const TODAY = '2026-11-29';

const SECTIONS = {
  bank: ['uk_incorporated_bank', 'non_uk_bank_uk_branch', 'gibraltar_bank', 'eea_bank_other_regime'],
  building_society: ['uk_building_society'],
  credit_union: ['uk_credit_union'],
  platform: ['fca_authorised_non_deposit_taker', ''],
  government_savings_bank: ['hm_treasury_backed'],
} as const;

/** Names as the research pack has them: notes in brackets, capitals, abbreviations, curly apostrophes. */
const NAMES = [
  'Halifax',
  'HAMPDEN & CO PLC',
  'Birmingham Midshires (BM Savings)',
  "Sainsbury's Bank (savings transferred to NatWest)",
  'Bank of China (UK) Ltd',
  'Intelligent Finance (IF)',
  'Santander International',
  'Nationwide’s Savings',
];
/** A name of the pool made unique, in its bracket too, so an abbreviation ("BM Savings 3") is unique. */
const name = (index: number) =>
  fc
    .constantFrom(...NAMES)
    .map((n) => (n.includes(')') ? n.replace(/ \(([^)]*)\)([^)]*)$/, ` ${index} ($1 ${index})$2`) : `${n} ${index}`));
const optional = <T extends string>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: '' });
const note = optional(
  fc.constantFrom('Jersey branch; verify', 'A brand of Yorkshire BS', 'Licence as on the BoE list'),
);
const score = fc.integer({ min: 0, max: 100 }).map(String);
const day = fc.date({ min: new Date('2019-01-01'), max: new Date(`${TODAY}T00:00:00Z`), noInvalidDate: true });
const isoDay = day.map((d) => d.toISOString().slice(0, 10));
const asAt = fc.oneof(
  isoDay,
  isoDay.map((d) => d.slice(0, 7)),
  fc.constant('see source'),
);
const licenceSource = fc.constantFrom(
  'PRA_BANKS (2025-06)',
  'BOE_BANK_BRANDS (2025-04-14)',
  'SANTANDER_TSB (2025/2026 (page cites £120,000 limit))',
  'insigniscash.com customer terms (v11 Aug 2025) and FAQs',
);
const brandSource = fc
  .tuple(
    fc.constantFrom('BOE_BANK_BRANDS', 'HMRC_ISA', 'raisin.co.uk (FRN 813894); help.raisin.co.uk (ClearBank)'),
    asAt,
  )
  .map(([source, at]) => `${source} (${at})`);
const list = (arb: fc.Arbitrary<string>, min = 1) =>
  fc.uniqueArray(arb, { minLength: min, maxLength: 3 }).map((items) => items.join('; '));

/** 1–4 licences, each with 0–3 brands; every FRN and name apart, so every row is valid. */
const banksArb = fc
  .array(
    fc.record({
      type: fc.constantFrom(...INSTITUTION_TYPES),
      sectionPick: fc.nat(),
      hasFrn: fc.boolean(),
      legal: fc.constantFrom(...NAMES),
      corporateGroup: optional(fc.constantFrom('Lloyds Banking Group', 'NatWest Group')),
      sources: list(licenceSource),
      score,
      notes: note,
      brands: fc.array(
        fc.record({
          index: fc.nat(),
          everyday: fc.boolean(),
          typed: fc.boolean(),
          sources: brandSource,
          score,
          notes: note,
        }),
        { maxLength: 3 },
      ),
    }),
    { minLength: 1, maxLength: 4 },
  )
  .chain((licences) =>
    fc
      .tuple(
        ...licences.map((_, i) =>
          name(i).chain((n) => fc.tuple(fc.constant(n), ...licences[i]!.brands.map((__, j) => name(i * 10 + j)))),
        ),
      )
      .map((names) =>
        licences.flatMap((licence, i) => {
          const sections = SECTIONS[licence.type];
          const frn = licence.hasFrn || licence.type !== 'platform' ? String(100_000 + i) : '';
          const cells = {
            FRN: frn,
            'Licence holder': names[i]![0],
            'Licence ID': frn === '' || licence.type === 'platform' ? `platform-${i}` : '',
            'Institution type': licence.type,
            'Register section': sections[licence.sectionPick % sections.length]!,
            'Corporate group': licence.corporateGroup,
            'Licence sources': licence.sources,
            'Licence confidence score': licence.score,
            'Licence notes': licence.notes,
          };
          const blankBrand = {
            'Brand name': '',
            'Everyday names': '',
            'Brand sources': '',
            'Brand confidence score': '',
            'Brand notes': '',
          };
          if (licence.brands.length === 0) return [{ ...cells, ...blankBrand }];
          return licence.brands.map((brand, j) => {
            const brandName = names[i]![j + 1]!;
            const everyday = brand.everyday ? [brandName, ...(brand.typed ? [`typed ${i}-${j}`] : [])] : [];
            return {
              ...cells,
              'Brand name': brandName,
              'Everyday names': everyday.join('; '),
              'Brand sources': brand.sources,
              'Brand confidence score': brand.score,
              'Brand notes': brand.notes,
            };
          });
        }),
      ),
  );

const isasArb = (licenceFrns: string[]) =>
  fc.array(
    fc.record({
      category: fc.constantFrom(...ISA_FSCS_CATEGORIES.filter((c) => c !== 'banking_group' || licenceFrns.length > 0)),
      frnPick: fc.nat(),
      linked: fc.boolean(),
      legal: fc.constantFrom(...NAMES),
      platform: optional(fc.constantFrom('Abundance', 'HL Savings')),
      fca: optional(fc.constantFrom('915119', '1004742')),
      types: fc.subarray([...ISA_TYPES]).map((types) => types.join('; ')),
      website: optional(fc.constantFrom('https://www.example.co.uk/isa')),
      message: optional(fc.constantFrom('Ask us about cover.')),
      warn: optional(fc.constantFrom('high', 'info')),
      asAt: isoDay,
      score,
      notes: note,
    }),
    { maxLength: 4 },
  );

const pensionsArb = fc.array(
  fc.record({
    legal: fc.constantFrom('Aviva Life & Pensions UK Limited', 'AJ Bell Securities (group ISA manager; not verified)'),
    frn: optional(fc.constantFrom('185896', '100000')),
    category: fc.constantFrom(...PENSION_CATEGORIES),
    warn: optional(fc.constantFrom('critical', 'low')),
    display: fc.constantFrom('yes', 'no'),
    sources: list(
      fc.constantFrom('HMRC ISA managers list (snapshot 31 Jan 2024', 'FCA reference = FRN)', 'fscs.org.uk'),
    ),
    asAt: optional(fc.constantFrom('2019', 'c.2019', '2024-01-31')),
    score,
    notes: note,
  }),
  { maxLength: 3 },
);

const sourceArb = banksArb.chain((banks) => {
  const depositTakerFrns = banks
    .filter((row) => row.FRN !== '' && ['bank', 'building_society', 'credit_union'].includes(row['Institution type']))
    .map((row) => row.FRN);
  return fc
    .tuple(fc.constant(banks), isasArb([...new Set(depositTakerFrns)]), pensionsArb)
    .map(([b, isas, pensions]) => {
      const isaRows = isas.map((isa, i) => ({
        'HMRC reference': `Z${1000 + i}`,
        'Legal name': isa.legal,
        'Platform name': isa.platform,
        'FCA reference': isa.fca,
        'ISA types': isa.types,
        'FSCS category': isa.category,
        'Banking group FRN':
          isa.category === 'banking_group' || isa.linked
            ? (depositTakerFrns[isa.frnPick % depositTakerFrns.length] ?? '')
            : '',
        'Website URL': isa.website,
        'User message': isa.message,
        'Warn user level': isa.warn,
        Source: 'HMRC ISA managers list',
        'Source as at': isa.asAt,
        'Confidence score': isa.score,
        Notes: isa.notes,
      }));
      const pensionRows = pensions.map((p, i) => ({
        'Provider name': `Provider ${i}`,
        'Legal entity': p.legal,
        'Legal entity role': 'insurer',
        Regulator: 'PRA and FCA',
        FRN: p.frn,
        'FRN status': 'from HMRC ISA managers list',
        Category: p.category,
        'User message': 'Insured: 100% cover.',
        'Warn user level': p.warn,
        'Display to user': p.display,
        Sources: p.sources,
        'As at': p.asAt,
        'Confidence score': p.score,
        Notes: p.notes,
      }));
      const tab = (t: RawTab['tab'], columns: readonly string[], rows: Record<string, string>[]): RawTab => ({
        tab: t,
        headers: [...columns],
        rows: rows.map((row) => columns.map((c) => row[c] ?? '')),
      });
      return [
        tab('Banks', BANKS_COLUMNS, b),
        tab('ISAs', ISAS_COLUMNS, isaRows),
        tab('Pensions', PENSIONS_COLUMNS, pensionRows),
      ];
    });
});

const rowsOf = (parsed: ParsedImport) => ({
  bankingGroups: parsed.records.banking_groups,
  bankReferences: parsed.records.bank_references,
  isaProviders: parsed.records.isa_providers,
  pensionProviders: parsed.records.pension_providers,
});

describe('exportImportTabs', () => {
  it('writes rows that parse back to the same rows', () => {
    fc.assert(
      fc.property(sourceArb, (tabs) => {
        const parsed = parseImportTabs(tabs, TODAY);
        expect(parsed.invalid).toEqual([]);
        expect(parseImportTabs(exportImportTabs(rowsOf(parsed)), TODAY)).toEqual(parsed);
      }),
      { numRuns: 150 },
    );
  });

  it('leaves blank what the format derives: an frn- id, a legal name as platform name, a standard message', () => {
    const row = (columns: readonly string[], values: Record<string, string>) => columns.map((c) => values[c] ?? '');
    const bank = {
      'Brand name': 'Halifax',
      FRN: '169628',
      'Licence holder': 'Bank of Scotland plc',
      'Licence ID': 'frn-169628',
      'Institution type': 'bank',
      'Register section': 'uk_incorporated_bank',
      'Licence sources': 'PRA_BANKS (2025-06)',
      'Licence confidence score': '100',
      'Brand sources': 'PRA_BANKS (2025-06)',
      'Brand confidence score': '100',
    };
    const isa = {
      'HMRC reference': 'Z1',
      'Legal name': 'HALIFAX SAVINGS LTD',
      'Platform name': 'Halifax Savings Ltd',
      'FSCS category': 'ifisa_platform',
      'User message': ISA_CATEGORY_MESSAGES.ifisa_platform,
      'Warn user level': 'high',
      Source: 'HMRC',
      'Source as at': '2024-01-31',
      'Confidence score': '100',
    };
    const tabs: RawTab[] = [
      { tab: 'Banks', headers: [...BANKS_COLUMNS], rows: [row(BANKS_COLUMNS, bank)] },
      { tab: 'ISAs', headers: [...ISAS_COLUMNS], rows: [row(ISAS_COLUMNS, isa)] },
    ];
    const [banks, isas, pensions] = exportImportTabs(rowsOf(parseImportTabs(tabs, TODAY)));
    expect(banks!.rows).toEqual([row(BANKS_COLUMNS, { ...bank, 'Licence ID': '' })]);
    expect(isas!.rows).toEqual([
      row(ISAS_COLUMNS, { ...isa, 'Platform name': '', 'User message': '', 'Warn user level': '' }),
    ]);
    expect(pensions).toEqual({ tab: 'Pensions', headers: [...PENSIONS_COLUMNS], rows: [] });
  });
});
