import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_CATEGORIES,
  type AccountCategory,
  accountTypeCategory,
  canChangeAccountType,
  canRenameTypeInUse,
  isIsaOrPension,
  isTypeChangeRestricted,
  permittedAccountTypes,
  TYPE_RESTRICTION_NOTE,
} from './account-type-category.ts';

/**
 * The 14 seeded types (drizzle/0007_account_rules.sql), the spec's other spellings and two types
 * of no category, each with the category 001 §4 gives it, worked out by hand.
 */
const TYPES: ReadonlyArray<readonly [string, AccountCategory]> = [
  ['Savings', 'savings'],
  ['Savings Account', 'savings'],
  ['Notice Saver', 'savings'],
  ['Regular Saver', 'savings'],
  ['Current', 'current'],
  ['Current Account', 'current'],
  ['Bond', 'bond'],
  ['Fixed Term Deposit', 'bond'],
  ['Cash ISA', 'isa'],
  ['Stocks and Shares ISA', 'isa'],
  ['Lifetime ISA', 'isa'],
  ['Junior ISA', 'isa'],
  ['Innovative Finance ISA', 'isa'],
  ['Personal Pension', 'pension'],
  ['Workplace Pension', 'pension'],
  ['SIPP', 'pension'],
  ['SSAS', 'pension'],
  ['Easy Access', 'other'],
  ['Trust Account', 'other'],
];

/**
 * Whether the row's type may become the column's (Y) or not (.), columns in the order of TYPES:
 * savings ×4, current ×2, bond ×2, ISA ×5, pension ×4, other ×2. Savings, current and bond move
 * among themselves (a change within one category, such as Savings to Notice Saver, included);
 * ISAs and pensions keep their own type only; other types may become anything but an ISA or a
 * pension. Written out rather than computed, so the rules are checked against the spec's words.
 */
const ALLOWED = [
  /* Savings                */ 'YYYY YY YY ..... .... ..',
  /* Savings Account        */ 'YYYY YY YY ..... .... ..',
  /* Notice Saver           */ 'YYYY YY YY ..... .... ..',
  /* Regular Saver          */ 'YYYY YY YY ..... .... ..',
  /* Current                */ 'YYYY YY YY ..... .... ..',
  /* Current Account        */ 'YYYY YY YY ..... .... ..',
  /* Bond                   */ 'YYYY YY YY ..... .... ..',
  /* Fixed Term Deposit     */ 'YYYY YY YY ..... .... ..',
  /* Cash ISA               */ '.... .. .. Y.... .... ..',
  /* Stocks and Shares ISA  */ '.... .. .. .Y... .... ..',
  /* Lifetime ISA           */ '.... .. .. ..Y.. .... ..',
  /* Junior ISA             */ '.... .. .. ...Y. .... ..',
  /* Innovative Finance ISA */ '.... .. .. ....Y .... ..',
  /* Personal Pension       */ '.... .. .. ..... Y... ..',
  /* Workplace Pension      */ '.... .. .. ..... .Y.. ..',
  /* SIPP                   */ '.... .. .. ..... ..Y. ..',
  /* SSAS                   */ '.... .. .. ..... ...Y ..',
  /* Easy Access            */ 'YYYY YY YY ..... .... YY',
  /* Trust Account          */ 'YYYY YY YY ..... .... YY',
].map((row) => row.replaceAll(' ', ''));

const NAMES = TYPES.map(([name]) => name);

describe('the account type category (001 §4)', () => {
  it.each(TYPES)('puts %s in %s', (name, category) => {
    expect(accountTypeCategory(name)).toBe(category);
  });

  it('reads the type in any case and ignores spaces around it', () => {
    expect(accountTypeCategory('  SAVINGS account ')).toBe('savings');
    expect(accountTypeCategory('current ACCOUNT')).toBe('current');
    expect(accountTypeCategory('fixed term deposit')).toBe('bond');
    expect(accountTypeCategory('sipp')).toBe('pension');
    expect(accountTypeCategory('Ssas')).toBe('pension');
  });

  it('finds saver, bond, ISA and pension inside longer names', () => {
    expect(accountTypeCategory('Easy Access Saver')).toBe('savings');
    expect(accountTypeCategory('Fixed Rate Bond')).toBe('bond');
    expect(accountTypeCategory('Flexible ISA')).toBe('isa');
    expect(accountTypeCategory('Stakeholder Pension')).toBe('pension');
  });

  it('matches current, SIPP and SSAS only as whole names', () => {
    expect(accountTypeCategory('Current Account Plus')).toBe('other');
    expect(accountTypeCategory('SIPP Drawdown')).toBe('other');
    expect(accountTypeCategory('Savings Pot')).toBe('other');
  });

  it('checks the categories in the spec’s order: a saver or bond named ISA is a saver or bond', () => {
    expect(accountTypeCategory('ISA Saver')).toBe('savings');
    expect(accountTypeCategory('Fixed Rate ISA Bond')).toBe('bond');
  });

  it('marks only ISA and pension as the types with their own cards', () => {
    expect(ACCOUNT_CATEGORIES.filter(isIsaOrPension)).toEqual(['isa', 'pension']);
  });
});

describe('allowed type changes (001 §4), every ordered pair', () => {
  it('has a row and a column for every type', () => {
    expect(ALLOWED).toHaveLength(TYPES.length);
    for (const row of ALLOWED) expect(row).toHaveLength(TYPES.length);
  });

  const pairs = NAMES.flatMap((from, i) => NAMES.map((to, j) => [from, to, ALLOWED[i]![j] === 'Y'] as const));

  it.each(pairs)('%s → %s allowed: %s', (from, to, allowed) => {
    expect(canChangeAccountType(from, to)).toBe(allowed);
  });

  it('always allows the same type, in any spelling of its case', () => {
    for (const name of NAMES) {
      expect(canChangeAccountType(name, name.toUpperCase())).toBe(true);
      expect(canChangeAccountType(` ${name.toLowerCase()} `, name)).toBe(true);
    }
  });
});

describe('the type selector', () => {
  it('offers a savings account the savings, current and bond types, in the order given', () => {
    expect(permittedAccountTypes('Savings', NAMES)).toEqual([
      'Savings',
      'Savings Account',
      'Notice Saver',
      'Regular Saver',
      'Current',
      'Current Account',
      'Bond',
      'Fixed Term Deposit',
    ]);
    expect(isTypeChangeRestricted('Savings', NAMES)).toBe(true);
  });

  it('offers an ISA only its own type, and says why', () => {
    expect(permittedAccountTypes('Cash ISA', NAMES)).toEqual(['Cash ISA']);
    expect(isTypeChangeRestricted('Cash ISA', NAMES)).toBe(true);
    expect(TYPE_RESTRICTION_NOTE).toBe('Some account types are restricted due to regulatory requirements');
  });

  it('is not restricted when every listed type is allowed', () => {
    expect(isTypeChangeRestricted('Easy Access', ['Savings', 'Current', 'Bond', 'Trust Account'])).toBe(false);
    expect(isTypeChangeRestricted('Savings', ['Savings', 'Current'])).toBe(false);
  });
});

const typeName = fc.oneof(
  fc.constantFrom(...NAMES),
  fc.string({ maxLength: 24 }),
  fc
    .constantFrom('isa', 'pension', 'saver', 'bond')
    .chain((word) =>
      fc.tuple(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 })).map(([a, b]) => `${a}${word}${b}`),
    ),
);

describe('type change properties', () => {
  it('never lets an ISA or pension account change, or another account become one', () => {
    fc.assert(
      fc.property(typeName, typeName, (from, to) => {
        const same = from.trim().toLowerCase() === to.trim().toLowerCase();
        if (same) return;
        if (isIsaOrPension(accountTypeCategory(from)) || isIsaOrPension(accountTypeCategory(to))) {
          expect(canChangeAccountType(from, to)).toBe(false);
        }
      }),
    );
  });

  it('allows every change between savings, current and bond types, and from an other type to any of them', () => {
    const movable = new Set<AccountCategory>(['savings', 'current', 'bond']);
    fc.assert(
      fc.property(typeName, typeName, (from, to) => {
        const [source, target] = [accountTypeCategory(from), accountTypeCategory(to)];
        if ((movable.has(source) || source === 'other') && movable.has(target))
          expect(canChangeAccountType(from, to)).toBe(true);
      }),
    );
  });

  it('ignores case and surrounding spaces', () => {
    fc.assert(
      fc.property(typeName, typeName, (from, to) => {
        expect(canChangeAccountType(`  ${from.toUpperCase()}`, `${to.toLowerCase()} `)).toBe(
          canChangeAccountType(from, to),
        );
      }),
    );
  });

  it('offers exactly the allowed types, in their order, and is restricted exactly when one is left out', () => {
    fc.assert(
      fc.property(typeName, fc.array(typeName, { maxLength: 12 }), (from, types) => {
        const offered = permittedAccountTypes(from, types);
        expect(offered).toEqual(types.filter((to) => canChangeAccountType(from, to)));
        expect(isTypeChangeRestricted(from, types)).toBe(offered.length < types.length);
        if (types.includes(from)) expect(offered).toContain(from);
      }),
    );
  });

  it('lets an admin rename a type in use anywhere but into or out of ISA or pension', () => {
    expect(canRenameTypeInUse('Cash ISA', 'Cash ISA (easy access)')).toBe(true);
    expect(canRenameTypeInUse('SIPP', 'Self-invested Personal Pension')).toBe(true);
    expect(canRenameTypeInUse('Loyalty Saver', 'Loyalty Bond')).toBe(true);
    expect(canRenameTypeInUse('Savings', 'Easy Access Savings')).toBe(true);
    expect(canRenameTypeInUse('Cash ISA', 'Cash Saver')).toBe(false);
    expect(canRenameTypeInUse('Regular Saver', 'Regular ISA')).toBe(false);
    // 'saver' is read before 'isa' (001 §4), so this one stays a savings type.
    expect(canRenameTypeInUse('Regular Saver', 'Saver ISA')).toBe(true);
    expect(canRenameTypeInUse('Premium Bonds', 'Premium Pension')).toBe(false);
    expect(canRenameTypeInUse('Workplace Pension', 'Workplace account')).toBe(false);
    fc.assert(
      fc.property(typeName, typeName, (from, to) => {
        const [source, target] = [accountTypeCategory(from), accountTypeCategory(to)];
        const crossesIsaOrPension = source !== target && (isIsaOrPension(source) || isIsaOrPension(target));
        expect(canRenameTypeInUse(from, to)).toBe(!crossesIsaOrPension);
      }),
    );
  });
});
