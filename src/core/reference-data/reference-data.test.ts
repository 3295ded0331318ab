import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatIssue } from './csv.ts';
import { REFERENCE_FILE_NAMES, type ReferenceFileKey, type ReferenceFileTexts } from './records.ts';
import { findLimit, listBrandsNamed, loadReferenceData, type ReferenceData } from './reference-data.ts';

const DATA_DIR = new URL('../../../data/reference/', import.meta.url);

function readFiles(): ReferenceFileTexts {
  const entries = Object.entries(REFERENCE_FILE_NAMES).map(([key, file]) => [
    key,
    fs.readFileSync(new URL(file, DATA_DIR), 'utf8'),
  ]);
  return Object.fromEntries(entries) as ReferenceFileTexts;
}

const realFiles = readFiles();

function load(files: ReferenceFileTexts = realFiles) {
  const result = loadReferenceData(files);
  if (!result.ok) throw new Error(result.issues.map(formatIssue).join('\n'));
  return result.loaded;
}

function issuesFor(files: ReferenceFileTexts): string[] {
  const result = loadReferenceData(files);
  if (result.ok) throw new Error('expected issues');
  return result.issues.map(formatIssue);
}

/** The real files with one line of one file edited (line numbers are 1-based, the header is 1). */
function withLine(key: ReferenceFileKey, line: number, edit: (text: string) => string): ReferenceFileTexts {
  const lines = realFiles[key].split(/\r?\n/);
  lines[line - 1] = edit(lines[line - 1]!);
  return { ...realFiles, [key]: lines.join('\n') };
}

function lineOf(key: ReferenceFileKey, startsWith: string): number {
  return realFiles[key].split(/\r?\n/).findIndex((text) => text.startsWith(startsWith)) + 1;
}

const data: ReferenceData = load().data;
const institution = (frn: string) => data.institutions.find((i) => i.frn === frn && i.isDepositTaker)!;
const brandsNamed = (name: string) => listBrandsNamed(data.brands, name);
const brand = (name: string) => {
  const found = brandsNamed(name);
  expect(found).toHaveLength(1);
  return found[0]!;
};

describe('the real data set', () => {
  it('loads with the counts the data README states', () => {
    expect(data.institutions).toHaveLength(357);
    // 514 brands in bank_brands.csv, and 21 everyday names of everyday_brands.csv that it lacks.
    expect(data.brands).toHaveLength(514 + 21);
    expect(data.brands.filter((b) => b.everyday !== null)).toHaveLength(101);
    expect(data.isaProviders).toHaveLength(481);
    expect(data.pensionProviders).toHaveLength(24);
    expect(data.platformPartners).toHaveLength(75);
  });

  it('counts institutions by type as the README does', () => {
    const count = (type: string) => data.institutions.filter((i) => i.type === type).length;
    expect([
      count('bank'),
      count('building_society'),
      count('credit_union'),
      count('platform'),
      count('government_savings_bank'),
    ]).toEqual([284, 42, 21, 9, 1]);
  });

  it('gives every deposit taker an FRN of its own (one limit per FRN)', () => {
    const depositTakers = data.institutions.filter((i) => i.isDepositTaker);
    expect(depositTakers.every((i) => i.frn !== null)).toBe(true);
    expect(new Set(depositTakers.map((i) => i.frn)).size).toBe(depositTakers.length);
  });

  it('points every brand at an institution, and every brand with an FRN at an institution with that FRN', () => {
    const byId = new Map(data.institutions.map((i) => [i.institutionId, i]));
    for (const b of data.brands) {
      const owner = byId.get(b.institutionId);
      expect(owner, b.brandId).toBeDefined();
      expect(owner!.frn, b.brandId).toBe(b.frn);
    }
  });

  it('lists the only brands without an FRN: NS&I (not FSCS, HM Treasury) and three platforms whose FRN was not found', () => {
    const withoutFrn = data.brands.filter((b) => b.frn === null).map((b) => `${b.displayName} → ${b.institutionId}`);
    expect(withoutFrn.sort()).toEqual([
      'AJ Bell → platform-aj-bell-cash-savings-via-partner-banks',
      'Chip → platform-chip',
      'Insignis Cash → platform-insignis-cash',
      'NS&I → national-savings-and-investments-ns-i',
      'National Savings and Investments → national-savings-and-investments-ns-i',
    ]);
  });

  it('puts Halifax, Bank of Scotland, BM Savings, Intelligent Finance and Bank of Wales on Bank of Scotland plc (FRN 169628)', () => {
    for (const name of ['Halifax', 'Bank of Scotland', 'BM Savings', 'Intelligent Finance', 'Bank of Wales']) {
      expect(brand(name).frn, name).toBe('169628');
    }
    expect(institution('169628').displayName).toBe('Bank of Scotland plc');
    expect(brand('Birmingham Midshires').frn).toBe('169628');
    expect(brand('IF').frn).toBe('169628');
    expect(brand('halifax').displayName).toBe('Halifax');
  });

  it('keeps Lloyds Bank PLC (FRN 119278) a separate licence from Bank of Scotland', () => {
    expect(institution('119278').displayName).toBe('Lloyds Bank PLC');
    for (const name of ['MBNA', 'Scottish Widows Bank']) expect(brand(name).frn, name).toBe('119278');
  });

  it('flags a brand listed under two FRNs so the user can pick the legal entity', () => {
    const lloyds = brandsNamed('Lloyds Bank').map((b) => ({
      frn: b.frn,
      isAmbiguous: b.isAmbiguous,
      also: b.alsoListedUnderFrns,
      entity: institution(b.frn!).displayName,
    }));
    expect(lloyds.sort((a, b) => a.frn!.localeCompare(b.frn!))).toEqual([
      { frn: '119278', isAmbiguous: true, also: ['763256'], entity: 'Lloyds Bank PLC' },
      { frn: '763256', isAmbiguous: true, also: ['119278'], entity: 'Lloyds Bank Corporate Markets Plc' },
    ]);
    expect(
      brandsNamed('Citi')
        .map((b) => b.frn)
        .sort(),
    ).toEqual(['124704', '211646', '805574']);
    expect(brandsNamed('HSBC').every((b) => b.isAmbiguous)).toBe(true);
    expect(brand('Halifax').isAmbiguous).toBe(false);
    // Exactly the names the data lists more than once are ambiguous.
    const ambiguousNames = new Set(data.brands.filter((b) => b.isAmbiguous).map((b) => b.brandName));
    expect([...ambiguousNames].sort()).toEqual([
      'Barclays',
      'Citi',
      'Citi IPB',
      'Citi Private Bank',
      'Citibank',
      'HSBC',
      'Lloyds Bank',
    ]);
  });

  it("shows Sainsbury's Bank under NatWest with its transfer note kept beside the name", () => {
    const sainsburys = data.brands.find((b) => b.brandName.startsWith("Sainsbury's Bank ("))!;
    expect(sainsburys).toMatchObject({
      displayName: "Sainsbury's Bank",
      frn: '121878',
      nameNote: 'savings, loans & cards transferred to NatWest 1 May 2025',
    });
  });

  it('marks the Crown Dependency brands', () => {
    expect(
      data.brands
        .filter((b) => b.isCrownDependency)
        .map((b) => b.displayName)
        .sort(),
    ).toEqual([
      'Coutts Crown Dependencies',
      'NatWest International',
      'RBS International',
      'Santander International',
      'The Royal Bank of Scotland International Limited',
    ]);
  });

  it('classifies protection: NS&I is HM Treasury backed, platforms protect via partner banks, Gibraltar and EEA are unverified', () => {
    const nsi = data.institutions.find((i) => i.type === 'government_savings_bank')!;
    expect(nsi).toMatchObject({
      displayName: 'National Savings and Investments (NS&I)',
      protectionBasis: 'hm_treasury',
      isFscsProtected: false,
    });
    expect(
      data.institutions
        .filter((i) => i.type === 'platform')
        .every((i) => i.protectionBasis === 'via_partner_banks' && !i.isFscsProtected),
    ).toBe(true);
    const unverified = data.institutions.filter((i) => i.protectionBasis === 'unverified');
    expect(unverified).toHaveLength(15);
    expect(
      unverified.every((i) => i.registerSection === 'gibraltar_bank' || i.registerSection === 'eea_bank_other_regime'),
    ).toBe(true);
    expect(institution('169628')).toMatchObject({ protectionBasis: 'fscs_deposit', isFscsProtected: true });
  });

  it('maps ISA managers that are deposit takers to their licence, and the rest to a synthetic ISA Provider Group whose limit follows the category', () => {
    const withGroup = data.isaProviders.filter((p) => p.bankingGroupFrn !== null);
    expect(withGroup).toHaveLength(134);
    expect(
      withGroup.every(
        (p) =>
          p.fscsCategory === 'banking_group' && p.syntheticGroup === null && p.protectionLimitKey === 'fscs_deposit',
      ),
    ).toBe(true);

    const tesco = data.isaProviders.find((p) => p.legalName === 'Tesco Personal Finance plc')!;
    expect(tesco).toMatchObject({ bankingGroupFrn: '759676', bankingGroupName: 'Barclays Bank UK PLC' });

    const synthetic = data.isaProviders.filter((p) => p.syntheticGroup !== null);
    expect(synthetic).toHaveLength(347);
    const limitKeys = Object.fromEntries(synthetic.map((p) => [p.fscsCategory, p.syntheticGroup!.protectionLimitKey]));
    expect(limitKeys).toEqual({
      investment_platform: 'fscs_investment',
      ifisa_platform: null,
      cash_platform: null,
      government_backed: null,
    });
    expect(
      synthetic.every(
        (p) => p.syntheticGroup!.type === 'ISA Provider Group' && p.syntheticGroup!.displayToUser === false,
      ),
    ).toBe(true);

    const nsi = data.isaProviders.find((p) => p.fscsCategory === 'government_backed')!;
    expect(nsi.syntheticGroup).toMatchObject({ protectionBasis: 'hm_treasury', isFscsProtected: false });
    const hl = data.isaProviders.find((p) => p.legalName === 'Hargreaves Lansdown Savings Limited')!;
    expect(hl).toMatchObject({
      fscsCategory: 'cash_platform',
      protectionBasis: 'via_partner_banks',
      isaTypes: ['cash'],
    });
  });

  it('names an ISA provider by its trading name when it has one', () => {
    expect(data.isaProviders.find((p) => p.legalName === 'Abundance Investment Limited')!.platformName).toBe(
      'Abundance',
    );
  });

  it('keeps the two ISA managers HMRC lists without components, with no ISA types', () => {
    const withoutTypes = data.isaProviders.filter((p) => p.isaTypes.length === 0).map((p) => p.legalName);
    expect(withoutTypes.sort()).toEqual(['Business Agent Limited', 'Quilter Investment Platform Limited']);
  });

  it('maps pension providers into the spec coverage tags', () => {
    const tags = (category: string) => [
      ...new Set(data.pensionProviders.filter((p) => p.category === category).map((p) => p.coverageTag)),
    ];
    expect(tags('insurer')).toEqual(['insurance_100']);
    expect(tags('sipp_platform')).toEqual(['sipp_platform_85k']);
    expect(tags('personal_pension_platform')).toEqual(['sipp_platform_85k']);
    expect(tags('master_trust')).toEqual(['ssas_trust']);
    const nest = data.pensionProviders.find((p) => p.providerId === 'nest-national-employment-savings-trust')!;
    expect(nest).toMatchObject({
      legalEntityName: 'NEST Corporation',
      legalEntityNote: 'trustee; public corporation',
      typicalSchemeType: 'workplace_dc',
    });
  });

  it('links platform partner banks to their platform and to the partner licence, leaving the three unmatched names unlinked', () => {
    expect(new Set(data.platformPartners.map((p) => p.platformInstitutionId))).toEqual(
      new Set([
        'platform-flagstone',
        'platform-hargreaves-lansdown-active-savings',
        'platform-aj-bell-cash-savings-via-partner-banks',
      ]),
    );
    const unmatched = data.platformPartners.filter((p) => p.institutionId === null).map((p) => p.partnerNameAsListed);
    expect(unmatched.sort()).toEqual(['Ironstone', 'IsBank', 'State Bank of India']);
    const aldermore = data.platformPartners.find((p) => p.partnerNameAsListed === 'Aldermore')!;
    expect(aldermore.institutionId).toBe('frn-204503');
  });

  it('carries limits with effective dates: £85,000 to 30 November 2025 and £120,000 from 1 December 2025', () => {
    expect(findLimit(data.limits, 'fscs_deposit', '2025-11-30')?.amountPence).toBe(8_500_000);
    expect(findLimit(data.limits, 'fscs_deposit', '2025-12-01')?.amountPence).toBe(12_000_000);
    expect(findLimit(data.limits, 'fscs_deposit', '2017-01-29')).toBeNull();
    expect(findLimit(data.limits, 'fscs_temporary_high_balance', '2025-11-30')?.amountPence).toBe(100_000_000);
    expect(findLimit(data.limits, 'fscs_temporary_high_balance', '2026-11-22')?.amountPence).toBe(140_000_000);
    expect(findLimit(data.limits, 'fscs_investment', '2026-11-22')?.amountPence).toBe(8_500_000);
    expect(findLimit(data.limits, 'cash_isa_annual_limit_under_65', '2027-04-05')).toBeNull();
    expect(findLimit(data.limits, 'cash_isa_annual_limit_under_65', '2027-04-06')?.amountPence).toBe(1_200_000);
  });

  it('is deterministic: loading twice gives equal data and the same content hash, and an edit changes the hash', () => {
    const first = load();
    const second = load();
    expect(second.data).toEqual(first.data);
    expect(second.contentHash).toBe(first.contentHash);
    expect(first.contentHash).toMatch(/^[0-9a-f]{64}$/);
    const line = lineOf('brands', 'Intelligent Finance');
    const edited = load(withLine('brands', line, (text) => text.replace('Intelligent Finance', 'IF Savings')));
    expect(edited.contentHash).not.toBe(first.contentHash);
  });

  it('adds the everyday names people type as brands of a licence in banking_groups.csv, with their source', () => {
    const santander = data.brands.find((b) => b.brandId === 'frn-106054/Santander')!;
    expect(santander).toMatchObject({
      displayName: 'Santander',
      institutionId: 'frn-106054',
      frn: '106054',
      isAmbiguous: false,
      fscsDepositProtection: 'yes',
      source: 'HMRC_ISA',
      sourceAsAt: '2024-01-31',
      mappingConfidence: 'medium',
      everyday: { alsoTypedAs: ['Santander UK'], source: null },
    });
    const postOffice = data.brands.find((b) => b.displayName === 'Post Office')!;
    expect(postOffice).toMatchObject({ institutionId: 'frn-512956', frn: '512956', sourceAsAt: 'see source' });
    expect(postOffice.source).toMatch(/^postofficeeisa\.co\.uk\/NewBusiness\/FSCS /);
    // Every everyday brand's FRN is its institution's, from banking_groups.csv: none is made up.
    const byId = new Map(data.institutions.map((i) => [i.institutionId, i]));
    for (const b of data.brands.filter((b) => b.everyday !== null)) expect(b.frn).toBe(byId.get(b.institutionId)!.frn);
  });

  it('marks a brand already listed as the everyday one without copying it, keeping its ambiguity', () => {
    const barclays = brandsNamed('Barclays');
    expect(barclays.map((b) => [b.frn, b.everyday !== null, b.isAmbiguous])).toEqual([
      ['122702', false, true],
      ['759676', true, true],
    ]);
    expect(barclays[1]!.everyday).toMatchObject({
      source: 'HMRC_ISA',
      sourceAsAt: '2024-01-31',
      mappingConfidence: 'high',
    });
    expect(brandsNamed('Lloyds Bank').map((b) => [b.frn, b.everyday?.alsoTypedAs ?? null])).toEqual([
      ['119278', ['Lloyds']],
      ['763256', null],
    ]);
  });

  it('keeps platforms and NS&I as the data models them when they are everyday brands', () => {
    expect(brand('Chip')).toMatchObject({ institutionId: 'platform-chip', frn: null, everyday: { alsoTypedAs: [] } });
    expect(brand('Raisin UK')).toMatchObject({ frn: '813894', everyday: { alsoTypedAs: ['Raisin'] } });
    expect(brand('NS&I')).toMatchObject({ frn: null, fscsDepositProtection: 'no_hm_treasury_backed' });
    expect(brand('NS&I').everyday?.alsoTypedAs).toContain('National Savings');
  });

  it('does not depend on the order of rows in any file', () => {
    // No field in these files spans lines, so reversing physical lines reverses the rows.
    const reversed = Object.fromEntries(
      Object.entries(realFiles).map(([key, text]) => {
        const [header, ...rows] = text.trimEnd().split(/\r?\n/);
        return [key, [header, ...rows.reverse()].join('\n')];
      }),
    ) as ReferenceFileTexts;
    expect(load(reversed).contentHash).toBe(load().contentHash);
  });
});

describe('validation', () => {
  it('names file, line and column for an FRN that is not 6 or 7 digits', () => {
    const line = lineOf('brands', 'Halifax,');
    expect(issuesFor(withLine('brands', line, (text) => text.replace(',169628,', ',16962X,')))).toEqual([
      `bank_brands.csv line ${line}, column frn: '16962X' is not a 6- or 7-digit FRN`,
    ]);
  });

  it('names an unknown enum value with the values allowed', () => {
    const line = lineOf('institutions', 'frn-169628,');
    const issues = issuesFor(
      withLine('institutions', line, (text) =>
        text
          .replace(',building_society,', ',bank,')
          .replace(',bank,uk_incorporated_bank,', ',bnak,uk_incorporated_bank,'),
      ),
    );
    expect(issues).toEqual([
      `banking_groups.csv line ${line}, column type: 'bnak' is not one of bank, building_society, credit_union, platform, government_savings_bank`,
    ]);
  });

  it('requires required fields and reports every bad row, not just the first', () => {
    const first = lineOf('isaProviders', 'Abrdn Fund Managers');
    const second = lineOf('isaProviders', 'Abrdn Investments');
    let files = withLine('isaProviders', first, (text) => text.replace('Abrdn Fund Managers Limited', ''));
    const lines = files.isaProviders.split('\n');
    lines[second - 1] = lines[second - 1]!.replace(',investment_platform,', ',bank,');
    files = { ...files, isaProviders: lines.join('\n') };
    expect(issuesFor(files)).toEqual([
      `isa_providers.csv line ${first}, column provider_name: a value is required`,
      `isa_providers.csv line ${second}, column fscs_category: 'bank' is not one of banking_group, cash_platform, investment_platform, ifisa_platform, government_backed`,
    ]);
  });

  it('refuses offers_* flags that disagree with isa_types', () => {
    const line = lineOf('isaProviders', '6 Towns Credit Union');
    expect(issuesFor(withLine('isaProviders', line, (text) => text.replace(',cash,1,0,', ',cash,0,0,')))).toEqual([
      `isa_providers.csv line ${line}, column offers_cash: disagrees with isa_types 'cash'`,
    ]);
  });

  it('refuses a header without a required column', () => {
    const files = { ...realFiles, limits: realFiles.limits.replace('effective_from', 'valid_from') };
    expect(issuesFor(files)).toEqual(['limits.csv line 1, column effective_from: the header lacks this column']);
  });

  it('refuses a brand whose FRN is no institution', () => {
    const line = lineOf('brands', 'Halifax,');
    expect(issuesFor(withLine('brands', line, (text) => text.replace(',169628,', ',999999,')))).toContain(
      `bank_brands.csv line ${line}, column frn: brand 'Halifax' does not resolve to exactly one institution`,
    );
  });

  it('refuses a brand listed under two FRNs without the flag', () => {
    const line = lineOf('brands', 'Lloyds Bank,119278,');
    expect(issuesFor(withLine('brands', line, (text) => text.replace(',763256,', ',,')))).toEqual([
      `bank_brands.csv line ${line}, column brand_also_listed_under_other_frn: 'Lloyds Bank' is also listed under [763256], flagged []`,
    ]);
  });

  it('refuses a banking_group ISA manager whose FRN is not a deposit taker', () => {
    const line = lineOf('isaProviders', '6 Towns Credit Union');
    expect(
      issuesFor(withLine('isaProviders', line, (text) => text.replace(',banking_group,419396,', ',banking_group,,'))),
    ).toEqual([
      `isa_providers.csv line ${line}, column deposit_taker_frn: a banking_group provider needs a deposit taker's FRN ('' is not one)`,
    ]);
  });

  it('refuses two values of one limit from the same date', () => {
    const files = {
      ...realFiles,
      limits: `${realFiles.limits.trimEnd()}\nfscs_deposit,9000000,2025-12-01,person,test,high,\n`,
    };
    expect(issuesFor(files)).toEqual([
      'limits.csv line 14, column effective_from: fscs_deposit already has a value from 2025-12-01',
    ]);
  });

  describe('of the everyday names', () => {
    const santander = lineOf('everydayBrands', 'Santander,no,');
    const edit = (line: number, from: string, to: string) =>
      issuesFor(withLine('everydayBrands', line, (text) => text.replace(from, to)));

    it('refuses an FRN that is not an institution in banking_groups.csv', () => {
      expect(edit(santander, ',106054,', ',999999,')).toEqual([
        `everyday_brands.csv line ${santander}, column institution_name: FRN 999999 is not an institution in banking_groups.csv`,
      ]);
    });

    it('refuses a licence holder that is not the one with that FRN', () => {
      expect(edit(santander, 'Santander UK Plc', 'Santander Financial Services plc')).toEqual([
        `everyday_brands.csv line ${santander}, column institution_name: 'Santander Financial Services plc' is not the institution with FRN 106054 ('Santander UK Plc')`,
      ]);
    });

    it('refuses a listed brand that bank_brands.csv does not list under that licence', () => {
      const tesco = lineOf('everydayBrands', 'Tesco Bank,yes,');
      expect(edit(tesco, 'Tesco Bank,yes,', 'Tesco Savings,yes,')).toEqual([
        `everyday_brands.csv line ${tesco}, column brand_name: 'Tesco Savings' is not listed once under frn-759676 in bank_brands.csv`,
      ]);
    });

    it('refuses a new name that bank_brands.csv already lists', () => {
      expect(edit(santander, 'Santander,no,', 'Santander Business,no,')).toEqual([
        `everyday_brands.csv line ${santander}, column brand_name: 'Santander Business' is already in bank_brands.csv (frn-106054): list it, or name it apart`,
      ]);
    });

    it('refuses a new name without its source', () => {
      expect(edit(santander, ',HMRC_ISA,', ',,')).toEqual([
        `everyday_brands.csv line ${santander}, column brand_source_id: a value is required`,
      ]);
    });

    it('refuses a name people type that would find two everyday brands', () => {
      const tsb = lineOf('everydayBrands', 'TSB,no,');
      expect(edit(tsb, ',TSB Bank,', ',TSB Bank; Santander UK,')).toEqual([
        `everyday_brands.csv line ${tsb}, column also_typed_as: 'Santander UK' already finds the everyday brand frn-106054/Santander`,
      ]);
    });
  });

  it('refuses a bad CSV with the parser message', () => {
    expect(issuesFor({ ...realFiles, pensionProviders: 'provider_display_name\n"unclosed\n' })).toEqual([
      'pension_providers.csv line 2: a quoted field is never closed',
    ]);
  });
});
