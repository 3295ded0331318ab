import { describe, expect, it } from 'vitest';
import { makeAccount } from '../accounts/test-fixtures.ts';
import { initialChoices, linksOf, newAccountName } from './link-choices.ts';
import { bankAccount, connection } from './test-fixtures.ts';

const saver = makeAccount({ name: 'Halifax saver', accountNumber: '11115678' });
const isa = makeAccount({ name: 'Halifax ISA', accountNumber: '22229999' });
const barclays = makeAccount({ name: 'Barclays', bank: 'Barclays', licence: null, accountNumber: '33335678' });

const twoAtHalifax = connection({
  accounts: [
    bankAccount({ providerAccountId: 'a', displayName: 'Everyday Saver', accountNumberMasked: '•••• 5678' }),
    bankAccount({ providerAccountId: 'b', displayName: 'Fixed Saver', accountNumberMasked: '•••• 4321' }),
  ],
});

describe('the first choice for each bank account', () => {
  it('suggests the account at the same bank whose number ends the same, and a new account for the other', () => {
    expect(initialChoices(twoAtHalifax, [barclays, isa, saver])).toEqual({
      a: { kind: 'link', accountId: saver.id },
      b: { kind: 'create', name: 'Halifax Fixed Saver' },
    });
  });

  it('suggests the account the saver started from, and never one account twice', () => {
    const isaNoNumber = { ...isa, accountNumber: '' };
    const fromIsa = { ...twoAtHalifax, fromAccountId: isa.id };
    expect(initialChoices(fromIsa, [saver, isaNoNumber])).toEqual({
      a: { kind: 'link', accountId: saver.id },
      b: { kind: 'link', accountId: isa.id },
    });
    // The only other account at the bank, when its number does not say otherwise.
    expect(initialChoices(twoAtHalifax, [saver, isaNoNumber])).toEqual({
      a: { kind: 'link', accountId: saver.id },
      b: { kind: 'link', accountId: isa.id },
    });
  });

  it('keeps an existing link, and creates when no account is at that bank', () => {
    const linked = connection({
      accounts: [
        bankAccount({ providerAccountId: 'a', linkedAccountId: saver.id }),
        bankAccount({ providerAccountId: 'b', displayName: 'Halifax Reward', accountNumberMasked: '' }),
      ],
    });
    expect(initialChoices(linked, [saver, barclays])).toEqual({
      a: { kind: 'link', accountId: saver.id },
      b: { kind: 'create', name: 'Halifax Reward' },
    });
    expect(newAccountName(linked, bankAccount({ displayName: '' }))).toBe('Halifax Account');
  });
});

describe('the links sent', () => {
  it('sends links and new accounts, and leaves skipped ones out', () => {
    expect(
      linksOf(twoAtHalifax, { a: { kind: 'link', accountId: saver.id }, b: { kind: 'create', name: '  New  ' } }),
    ).toEqual({
      ok: true,
      links: [
        { providerAccountId: 'a', accountId: saver.id },
        { providerAccountId: 'b', create: { name: 'New' } },
      ],
    });
    expect(linksOf(twoAtHalifax, { a: { kind: 'skip' }, b: { kind: 'create', name: 'New' } })).toEqual({
      ok: true,
      links: [{ providerAccountId: 'b', create: { name: 'New' } }],
    });
  });

  it('refuses one account for two bank accounts, a blank name, and nothing at all', () => {
    expect(
      linksOf(twoAtHalifax, {
        a: { kind: 'link', accountId: saver.id },
        b: { kind: 'link', accountId: saver.id },
      }),
    ).toEqual({
      ok: false,
      problem: { providerAccountId: 'b', message: 'That SavvyPig account is already chosen for another bank account' },
    });
    expect(linksOf(twoAtHalifax, { a: { kind: 'create', name: ' ' }, b: { kind: 'skip' } })).toEqual({
      ok: false,
      problem: { providerAccountId: 'a', message: 'Account name is required' },
    });
    expect(linksOf(twoAtHalifax, { a: { kind: 'skip' }, b: { kind: 'skip' } })).toEqual({
      ok: false,
      problem: { message: 'Choose at least one account to link' },
    });
  });
});
