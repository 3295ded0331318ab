/**
 * The HTTP client against the fake provider: every page and every 31-day window of transactions,
 * Retry-After waited, 500 retried, expiry and revocation told apart, one pace for every call.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderError } from './provider.ts';
import { keyringOf } from './token-crypto.ts';
import { createTrueLayerProvider, pacer, retryAfterMs } from './truelayer.ts';
import { type FakeProvider, startFakeProvider } from './test/fake-provider.ts';

const DAY = 86_400_000;

describe('the provider client', () => {
  let fake: FakeProvider;
  const waits: number[] = [];
  const client = () =>
    createTrueLayerProvider(
      {
        clientId: fake.clientId,
        clientSecret: fake.clientSecret,
        redirectUrl: 'http://localhost:3000/api/open-banking/callback',
        environment: 'sandbox',
        authUrl: fake.url,
        apiUrl: fake.url,
        keyring: keyringOf(randomBytes(32).toString('base64')),
      },
      {
        requestsPerSecond: 1000,
        retryBaseMs: 1,
        sleep: async (ms) => {
          waits.push(ms);
        },
      },
    );

  const tokens = async () => {
    const provider = client();
    const link = new URL(provider.authorisationUrl({ state: 'abc', providerInstitutionId: 'ob-nationwide' }));
    expect(link.searchParams.get('scope')).toContain('offline_access');
    const back = new URL((await fetch(link, { redirect: 'manual' })).headers.get('location')!);
    expect(back.searchParams.get('state')).toBe('abc');
    return provider.exchangeCode(back.searchParams.get('code')!);
  };

  beforeAll(async () => {
    const many = Array.from({ length: 9 }, (_, i) => ({
      transaction_id: `t${i}`,
      timestamp: new Date(Date.now() - (5 + i * 10) * DAY).toISOString(),
      description: `Entry ${i}`,
      amount: i + 0.5,
    }));
    fake = await startFakeProvider({
      pageSize: 2,
      accounts: [
        {
          account_id: 'a1',
          display_name: 'Saver',
          account_type: 'SAVINGS',
          currency: 'GBP',
          number: '11112222',
          sort_code: '00-00-00',
          balance: 10.01,
          transactions: many,
        },
      ],
    });
  });
  afterAll(() => fake.close());

  it('reads every page of every 31-day window', async () => {
    const t = await tokens();
    const provider = client();
    const before = fake.stats.requests;
    const found = await provider.transactions(t.accessToken, 'a1', new Date(Date.now() - 90 * DAY), new Date());
    expect(found.map((f) => f.providerTransactionId).sort()).toEqual([
      't0',
      't1',
      't2',
      't3',
      't4',
      't5',
      't6',
      't7',
      't8',
    ]);
    expect(found.find((f) => f.providerTransactionId === 't3')!.amountPence).toBe(350);
    // Three windows, and more than one page in each.
    expect(fake.stats.requests - before).toBeGreaterThanOrEqual(6);
    expect(await provider.balance(t.accessToken, 'a1')).toEqual({ currentPence: 1001, currency: 'GBP' });
    expect((await provider.accounts(t.accessToken))[0]).toMatchObject({ accountNumberMasked: '•••• 2222' });
  });

  it('waits Retry-After on a 429 and retries a 500', async () => {
    const t = await tokens();
    waits.length = 0;
    fake.rateLimitNext(2, 3);
    expect((await client().balance(t.accessToken, 'a1')).currentPence).toBe(1001);
    expect(waits.filter((w) => w === 3000)).toHaveLength(2);
    fake.failNext(3);
    expect((await client().balance(t.accessToken, 'a1')).currentPence).toBe(1001);
    fake.failNext(10);
    await expect(client().balance(t.accessToken, 'a1')).rejects.toMatchObject({ kind: 'unavailable' });
    fake.failNext(0);
  });

  it('tells an expired consent from a revoked one, and refresh from both', async () => {
    const t = await tokens();
    const provider = client();
    const renewed = await provider.refresh(t.refreshToken!);
    expect(renewed.accessToken).not.toBe(t.accessToken);
    fake.revokeConsents();
    await expect(provider.accounts(renewed.accessToken)).rejects.toMatchObject({ kind: 'revoked' });
    await expect(provider.refresh(renewed.refreshToken!)).rejects.toMatchObject({ kind: 'revoked' });
    const other = await tokens();
    fake.expireConsents();
    await expect(provider.accounts(other.accessToken)).rejects.toMatchObject({ kind: 'expired' });
    await expect(provider.refresh(other.refreshToken!)).rejects.toBeInstanceOf(ProviderError);
  });

  it('reads Retry-After as seconds or a date, and paces calls evenly', async () => {
    expect(retryAfterMs('2')).toBe(2000);
    expect(retryAfterMs(new Date(10_000).toUTCString(), 4000)).toBe(6000);
    expect(retryAfterMs(null)).toBeNull();
    let clock = 0;
    const slept: number[] = [];
    const pace = pacer(
      10,
      () => clock,
      async (ms) => {
        slept.push(ms);
      },
    );
    await Promise.all([pace(), pace(), pace()]);
    expect(slept).toEqual([100, 200]);
    clock = 1000;
    await pace();
    expect(slept).toEqual([100, 200]);
  });

  it('lets calls a late timer held back catch up, but never more than the limit in any second', async () => {
    let clock = 0;
    let stalled = false;
    const pace = pacer(
      10,
      () => clock,
      async (ms) => {
        // The first wait ends 1.5 s late (a busy process); the rest on time.
        clock += ms + (stalled ? 0 : 1500);
        stalled = true;
      },
    );
    const went: number[] = [];
    await Promise.all(Array.from({ length: 40 }, () => pace().then(() => went.push(clock))));
    expect(went).toHaveLength(40);
    for (const [i, at] of went.entries()) {
      const inSecond = went.filter((t) => t > at - 1000 && t <= at).length;
      expect(inSecond, `the second up to call ${i}`).toBeLessThanOrEqual(10);
    }
    // It caught up: 40 calls at 10 a second take about four seconds, the stall included.
    expect(went.at(-1)!).toBeLessThan(4000 + 1500);
  });
});
