import { describe, expect, it } from 'vitest';
import type { OpenApiDocument, Operation } from './openapi-operations.ts';
import { sweepRequests } from './openapi-sweep.ts';

/**
 * A route shaped like `PUT /api/accounts/{id}/pension` before issue 24: its example leaves the
 * employer fields out, and each field fits on its own while the database refuses an employer
 * without the link.
 */
const doc: OpenApiDocument = {
  paths: {},
  components: {
    schemas: {
      Record: {
        type: 'object',
        properties: {
          providerId: { type: 'string', minLength: 1, maxLength: 60 },
          employerLink: { type: 'boolean' },
          employerName: { type: ['string', 'null'], maxLength: 200 },
          annualAllowancePence: { type: 'integer', minimum: 0, maximum: 100_000_000_000 },
        },
        required: ['providerId', 'annualAllowancePence'],
        example: { providerId: 'aviva', annualAllowancePence: 6_000_000 },
      },
    },
  },
};
const op: Operation = {
  method: 'PUT',
  path: '/api/accounts/{id}/pension',
  access: 'user',
  parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
  body: { contentType: 'application/json', schema: { $ref: '#/components/schemas/Record' } },
};
const realValues = { accounts: ['savings-account'], 'accounts/pension': ['pension-account'] };

type Body = Record<string, unknown>;
const bodies = () =>
  sweepRequests(op, doc, realValues).flatMap((r) =>
    r.body?.kind === 'json' && r.body.value && typeof r.body.value === 'object' ? [r.body.value as Body] : [],
  );

describe('the fuzz sweep', () => {
  it('sends the example with each field it leaves out set alone to values that fit: an employer without the link', () => {
    // A name that fits: not one of the dangers (NUL, 10,001 characters), which are refused at the edge.
    const fits = (name: unknown) =>
      typeof name === 'string' && name.trim() !== '' && name.length <= 200 && !name.includes('\u0000');
    const breaking = bodies().filter((b) => fits(b.employerName) && !('employerLink' in b));
    expect(breaking.length).toBeGreaterThan(0);
    // The rest of the body is the example's, so it gets past every other check.
    for (const body of breaking) expect(body).toMatchObject({ providerId: 'aviva', annualAllowancePence: 6_000_000 });
  });

  it('never gives text that is blank, which a route would read as left out', () => {
    const names = bodies()
      .map((b) => b.employerName)
      .filter((n): n is string => typeof n === 'string');
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name.trim()).not.toBe('');
  });

  it('takes the account a sub-resource route needs: a pension for /pension', () => {
    const urls = sweepRequests(op, doc, realValues).map((r) => r.url);
    expect(urls).toContain('/api/accounts/pension-account/pension');
    expect(urls.some((u) => u.includes('savings-account'))).toBe(false);
  });
});
