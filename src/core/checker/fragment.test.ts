import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LIFE_EVENTS } from '../protection/types.ts';
import { FRAGMENT_PROBLEM_MESSAGES, decodeFragment, encodeFragment } from './fragment.ts';
import { MAX_AMOUNT_PENCE, MAX_ROWS, type CheckerRow, type CheckerState } from './state.ts';

const HALIFAX = '3f2b6c1e-7a4d-5b8e-9c0f-1a2b3c4d5e6f';
const BANK_OF_SCOTLAND = '0c9d8e7f-6a5b-4c3d-8e1f-0a9b8c7d6e5f';

const golden: CheckerState = {
  rows: [
    { bankId: HALIFAX, amountPence: 70_000_00, holders: 1 },
    { bankId: BANK_OF_SCOTLAND, amountPence: 70_000_00, holders: 2 },
  ],
};

describe('encodeFragment', () => {
  it('writes a versioned, compact fragment with no amount in plain pounds', () => {
    const fragment = encodeFragment(golden);
    expect(fragment).toMatch(/^v1~[A-Za-z0-9_-]{22}\.[0-9a-z]+\.1~[A-Za-z0-9_-]{22}\.[0-9a-z]+\.2$/);
    expect(fragment.length).toBeLessThan(70);
    expect(fragment).not.toContain('7000000');
  });

  it('writes nothing for an empty check', () => {
    expect(encodeFragment({ rows: [] })).toBe('');
  });

  it('carries a temporary high balance: life event, qualifying amount and credited date', () => {
    const state: CheckerState = {
      rows: [
        {
          bankId: HALIFAX,
          amountPence: 500_000_00,
          holders: 1,
          temporaryHighBalance: { lifeEvent: 'home-sale', qualifyingPence: 380_000_00, creditedDate: '2026-10-03' },
        },
      ],
    };
    const fragment = encodeFragment(state);
    expect(fragment).toMatch(/\.h\.[0-9a-z]+\.20261003$/);
    expect(decodeFragment(fragment)).toEqual({ ok: true, state });
  });

  it('refuses a state no screen should make', () => {
    expect(() => encodeFragment({ rows: [{ bankId: HALIFAX, amountPence: 0, holders: 1 }] })).toThrow(RangeError);
    expect(() => encodeFragment({ rows: [{ bankId: HALIFAX, amountPence: 1.5, holders: 1 }] })).toThrow(RangeError);
    expect(() => encodeFragment({ rows: [{ bankId: HALIFAX, amountPence: 100, holders: 5 }] })).toThrow(RangeError);
    expect(() => encodeFragment({ rows: [{ bankId: 'not a/valid id', amountPence: 100, holders: 1 }] })).toThrow(
      RangeError,
    );
  });

  it('writes an id that is not a UUID as it is, marked', () => {
    const state: CheckerState = { rows: [{ bankId: 'brand-42', amountPence: 1, holders: 1 }] };
    expect(encodeFragment(state)).toBe('v1~*brand-42.1.1');
    expect(decodeFragment('v1~*brand-42.1.1')).toEqual({ ok: true, state });
  });
});

describe('decodeFragment', () => {
  it('restores the golden check, with or without the #', () => {
    const fragment = encodeFragment(golden);
    expect(decodeFragment(fragment)).toEqual({ ok: true, state: golden });
    expect(decodeFragment(`#${fragment}`)).toEqual({ ok: true, state: golden });
  });

  it('reads a fragment that something percent-encoded on the way', () => {
    const fragment = encodeFragment(golden);
    expect(decodeFragment(fragment.replaceAll('~', '%7E'))).toEqual({ ok: true, state: golden });
  });

  it('gives an empty check with no message when there is no fragment', () => {
    expect(decodeFragment('')).toEqual({ ok: true, state: { rows: [] } });
    expect(decodeFragment('#')).toEqual({ ok: true, state: { rows: [] } });
  });

  it.each([
    ['garbage', 'hello'],
    ['a bad percent escape', '%E0%A4%A'],
    ['a version with no rows', 'v1'],
    ['an older, unknown version', 'v0~x'],
    ['a row with two fields', 'v1~PytsHnpNW46cDxorPE1ebw.461ig'],
    ['a short bank id', 'v1~abc.461ig.1'],
    ['an amount with a leading zero', 'v1~PytsHnpNW46cDxorPE1ebw.0461ig.1'],
    ['a zero amount', 'v1~PytsHnpNW46cDxorPE1ebw.0.1'],
    ['an amount over £1bn', `v1~PytsHnpNW46cDxorPE1ebw.${(MAX_AMOUNT_PENCE + 1).toString(36)}.1`],
    ['five holders', 'v1~PytsHnpNW46cDxorPE1ebw.461ig.5'],
    ['no holders', 'v1~PytsHnpNW46cDxorPE1ebw.461ig.0'],
    ['an unknown life event', 'v1~PytsHnpNW46cDxorPE1ebw.461ig.1.z.461ig.20261003'],
    ['31 April', 'v1~PytsHnpNW46cDxorPE1ebw.461ig.1.h.461ig.20260431'],
    ['a qualifying amount above the amount', 'v1~PytsHnpNW46cDxorPE1ebw.461ig.1.h.461ih.20261003'],
    ['an empty row', 'v1~~'],
    ['a UUID written raw', `v1~*${HALIFAX}.1.1`],
  ])('turns %s into an empty check with a message', (_, fragment) => {
    const decoded = decodeFragment(fragment);
    expect(decoded).toEqual({
      ok: false,
      state: { rows: [] },
      problem: 'unreadable',
      message: FRAGMENT_PROBLEM_MESSAGES.unreadable,
    });
  });

  it('says when a link comes from a newer checker', () => {
    expect(decodeFragment('v2~anything')).toMatchObject({ ok: false, state: { rows: [] }, problem: 'newer-version' });
  });

  it(`refuses more than ${MAX_ROWS} rows`, () => {
    const row = 'PytsHnpNW46cDxorPE1ebw.1.1';
    expect(decodeFragment(['v1', ...Array.from({ length: MAX_ROWS }, () => row)].join('~'))).toMatchObject({
      ok: true,
    });
    expect(decodeFragment(['v1', ...Array.from({ length: MAX_ROWS + 1 }, () => row)].join('~'))).toMatchObject({
      ok: false,
      problem: 'too-many-rows',
    });
  });

  it('never throws, whatever it is given', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.string({ unit: 'binary' }),
          fc.string().map((s) => `v1~${s}`),
        ),
        (text) => {
          const decoded = decodeFragment(text);
          if (!decoded.ok) expect(decoded.state.rows).toEqual([]);
        },
      ),
      { numRuns: 2000 },
    );
  });
});

const dateArb = fc
  .date({ min: new Date('2017-01-30T00:00:00Z'), max: new Date('2035-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const rowArb: fc.Arbitrary<CheckerRow> = fc
  .record({
    bankId: fc.oneof(fc.uuid({ version: [4, 5] }), fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/)),
    amountPence: fc.integer({ min: 1, max: MAX_AMOUNT_PENCE }),
    holders: fc.integer({ min: 1, max: 4 }),
    thb: fc.option(
      fc.record({
        lifeEvent: fc.constantFrom(...LIFE_EVENTS),
        share: fc.double({ min: 0, max: 1, noNaN: true }),
        creditedDate: dateArb,
      }),
      { nil: undefined },
    ),
  })
  .map(({ thb, ...row }): CheckerRow => {
    if (!thb) return row;
    const qualifyingPence = Math.max(1, Math.floor(row.amountPence * thb.share));
    return {
      ...row,
      temporaryHighBalance: { lifeEvent: thb.lifeEvent, qualifyingPence, creditedDate: thb.creditedDate },
    };
  });

describe('fragment round trip', () => {
  it('decodes whatever it encodes to the same check', () => {
    fc.assert(
      fc.property(fc.array(rowArb, { maxLength: MAX_ROWS }), (rows) => {
        const state = { rows };
        const fragment = encodeFragment(state);
        // Only characters a URL fragment carries without escaping.
        expect(fragment).toMatch(/^[A-Za-z0-9_.~*-]*$/);
        expect(decodeFragment(fragment)).toEqual({ ok: true, state });
      }),
      { numRuns: 500 },
    );
  });
});
