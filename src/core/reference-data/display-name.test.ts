import { describe, expect, it } from 'vitest';
import { alternativeNames, cleanDisplayName, titleCaseShoutedName } from './display-name.ts';

describe('cleanDisplayName', () => {
  it.each([
    ['HAMPDEN & CO PLC', 'Hampden & Co plc'],
    ['NATIONAL WESTMINSTER BANK PUBLIC LIMITED COMPANY', 'National Westminster Bank Public Limited Company'],
    ['BANK OF CEYLON (UK) LIMITED', 'Bank of Ceylon (UK) Limited'],
    ['HSBC INNOVATION BANK LIMITED', 'HSBC Innovation Bank Limited'],
    ['HBL BANK UK LIMITED', 'HBL Bank UK Limited'],
    ['MUFG BANK, LTD', 'MUFG Bank, Ltd'],
    ['KEXIM BANK (UK) LIMITED', 'KEXIM Bank (UK) Limited'],
    ['IFAST GLOBAL BANK LIMITED', 'iFAST Global Bank Limited'],
    ['UNION BANK OF INDIA (UK) LIMITED', 'Union Bank of India (UK) Limited'],
    ['LHV BANK LIMITED', 'LHV Bank Limited'],
  ])('title-cases the shouted legal name %s as %s', (raw, clean) => {
    expect(cleanDisplayName(raw)).toEqual({ displayName: clean, nameNote: null });
  });

  it.each([
    'ABN AMRO Bank NV',
    'QIB (UK) Plc',
    'HSBC UK',
    'NS&I',
    'TSB Bank plc',
    'Bank of Scotland plc',
    'Lloyds Bank PLC',
    'interactive investor Cash Savings',
    'Birmingham Midshires (BM Savings)',
    'Ikano Bank AB (publ)',
    'Bank J. Safra Sarasin (Gibraltar) Ltd',
    'Rathbone Investment Management (Financial Planning)',
    'Intelligent Finance (IF)',
  ])('leaves %s as written', (name) => {
    expect(cleanDisplayName(name)).toEqual({ displayName: name, nameNote: null });
  });

  it.each([
    [
      "Sainsbury's Bank (savings, loans & cards transferred to NatWest 1 May 2025)",
      "Sainsbury's Bank",
      'savings, loans & cards transferred to NatWest 1 May 2025',
    ],
    ['AJ Bell (cash savings via partner banks)', 'AJ Bell', 'cash savings via partner banks'],
    [
      'Flagstone Group Ltd (formerly Flagstone Investment Management Limited)',
      'Flagstone Group Ltd',
      'formerly Flagstone Investment Management Limited',
    ],
    ['Saveable Limited (trading as Plum Money)', 'Saveable Limited', 'trading as Plum Money'],
    [
      'Vanguard Asset Management Limited (ISA/GIA provider; pension operator not verified)',
      'Vanguard Asset Management Limited',
      'ISA/GIA provider; pension operator not verified',
    ],
  ])('moves the note out of %s', (raw, displayName, nameNote) => {
    expect(cleanDisplayName(raw)).toEqual({ displayName, nameNote });
  });

  it('collapses repeated spaces', () => {
    expect(cleanDisplayName('Eurobank Private Bank Luxembourg S.A.,  London Branch').displayName).toBe(
      'Eurobank Private Bank Luxembourg S.A., London Branch',
    );
  });

  it('does not touch short all-capital names (acronym brands)', () => {
    expect(titleCaseShoutedName('RBS')).toBe('RBS');
    expect(titleCaseShoutedName('HSBC UK')).toBe('HSBC UK');
  });
});

describe('alternativeNames', () => {
  it.each([
    ['Birmingham Midshires (BM Savings)', ['Birmingham Midshires', 'BM Savings']],
    ['Intelligent Finance (IF)', ['Intelligent Finance', 'IF']],
    ['National Savings and Investments (NS&I)', ['National Savings and Investments', 'NS&I']],
    ['AIB (NI)', []],
    ['Allied Irish Bank (GB)', []],
    ['Qatar National Bank (Q.P.S.C.)', []],
    ['Bank of China (UK) Ltd', []],
    ['Halifax', []],
  ])('gives %s the other names %j', (name, expected) => {
    expect(alternativeNames(name)).toEqual(expected);
  });
});
