import { describe, expect, it } from 'vitest';
import { ConfigError, isLoopbackHost, listeningConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('starts with nothing set: port 3000 on 127.0.0.1, PGlite in ./data', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, HOST: '127.0.0.1', DATA_DIR: './data' });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.mailboxEnabled).toBe(true);
  });

  it('stops the start with a message naming the wrong variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: must be a postgres/);
    expect(() => loadConfig({ BETTER_AUTH_SECRET: 'short' })).toThrow(/BETTER_AUTH_SECRET/);
    expect(() => loadConfig({ SEED_DEMO: 'maybe' })).toThrow(/SEED_DEMO/);
  });

  it('lets twice the pool’s connections of signed-in reads run at once unless told otherwise (0: no limit)', () => {
    expect(loadConfig({}).readsAtOnce).toBe(16);
    expect(loadConfig({ DB_POOL_MAX: '5' }).readsAtOnce).toBe(10);
    expect(loadConfig({ DB_POOL_MAX: '5', API_READS_AT_ONCE: '3' }).readsAtOnce).toBe(3);
    expect(loadConfig({ API_READS_AT_ONCE: '0' }).readsAtOnce).toBe(0);
    expect(() => loadConfig({ API_READS_AT_ONCE: '-1' })).toThrow(/API_READS_AT_ONCE/);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).PORT).toBe(3000);
  });

  it('trusts the Vite dev server only outside production', () => {
    expect(loadConfig({}).trustedOrigins).toContain('http://localhost:5173');
    expect(loadConfig({ NODE_ENV: 'production' }).trustedOrigins).not.toContain('http://localhost:5173');
  });

  it('turns the file mailbox off when SMTP is configured or the server is not local', () => {
    expect(loadConfig({ SMTP_URL: 'smtp://mail.example.com:587' }).mailboxEnabled).toBe(false);
    expect(loadConfig({ HOST: '0.0.0.0' }).mailboxEnabled).toBe(false);
    expect(loadConfig({ HOST: '0.0.0.0', MAILBOX_ENABLED: 'true' }).mailboxEnabled).toBe(true);
  });
});

describe('billing test mode (its Pay gives a plan for nothing)', () => {
  it('is on by default only where no other machine can reach the server', () => {
    expect(loadConfig({}).billingTestMode).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'http://localhost:4000' }).billingTestMode).toBe(true);
    // No NODE_ENV and HOST=0.0.0.0: the attack that paid for Big Pig annual from another machine.
    expect(loadConfig({ HOST: '0.0.0.0' }).billingTestMode).toBe(false);
    // 127.0.0.1 behind a same-host proxy.
    expect(loadConfig({ PUBLIC_URL: 'https://savvypig.example.com' }).billingTestMode).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).billingTestMode).toBe(false);
    expect(loadConfig({ BILLING_TEST_MODE: 'false' }).billingTestMode).toBe(false);
  });

  it('refuses to start when asked for explicitly on a reachable server, or beside the Stripe keys', () => {
    expect(loadConfig({ BILLING_TEST_MODE: 'true' }).billingTestMode).toBe(true);
    for (const env of [
      { HOST: '0.0.0.0' },
      { PUBLIC_URL: 'https://savvypig.example.com', TRUST_PROXY: 'true' },
      { NODE_ENV: 'production', HOST: '192.168.1.20' },
    ])
      expect(() => loadConfig({ ...env, BILLING_TEST_MODE: 'true' })).toThrow(
        /BILLING_TEST_MODE: must not be true on a server other machines can reach/,
      );
    expect(() =>
      loadConfig({
        BILLING_TEST_MODE: 'true',
        STRIPE_SECRET_KEY: 'sk_test_123456',
        STRIPE_WEBHOOK_SECRET: 'whsec_123456',
      }),
    ).toThrow(/BILLING_TEST_MODE: must not be true when the Stripe keys are set/);
  });

  it('is off whenever the Stripe keys are set', () => {
    const keys = { STRIPE_SECRET_KEY: 'sk_test_123456', STRIPE_WEBHOOK_SECRET: 'whsec_123456' };
    expect(loadConfig(keys).billingTestMode).toBe(false);
  });
});

describe('the banking data importer’s Google Sheet', () => {
  it('takes the key inline or as a file, not both, and a spreadsheet id rather than its address', () => {
    const config = loadConfig({
      GOOGLE_SHEETS_SPREADSHEET_ID: '1AbC-dEf_0123456789',
      GOOGLE_SERVICE_ACCOUNT_KEY_FILE: 'key.json',
    });
    expect(config).toMatchObject({ GOOGLE_SERVICE_ACCOUNT_KEY_FILE: 'key.json', GOOGLE_SHEETS_TIMEOUT_MS: 20000 });
    expect(() => loadConfig({ GOOGLE_SERVICE_ACCOUNT_KEY: '{}', GOOGLE_SERVICE_ACCOUNT_KEY_FILE: 'key.json' })).toThrow(
      /GOOGLE_SERVICE_ACCOUNT_KEY: set it or GOOGLE_SERVICE_ACCOUNT_KEY_FILE, not both/,
    );
    expect(() =>
      loadConfig({ GOOGLE_SHEETS_SPREADSHEET_ID: 'https://docs.google.com/spreadsheets/d/1AbC/edit' }),
    ).toThrow(/GOOGLE_SHEETS_SPREADSHEET_ID: must be the id in the sheet's address/);
  });
});

describe('isLoopbackHost', () => {
  it('knows loopback addresses from public ones', () => {
    expect(['127.0.0.1', 'localhost', '::1', '127.1.2.3'].every(isLoopbackHost)).toBe(true);
    expect(['0.0.0.0', '192.168.1.2', 'example.com'].some(isLoopbackHost)).toBe(false);
  });
});

describe('a server that listens', () => {
  it('refuses NODE_ENV=test, the in-process harness’s (it keeps test-mode payments behind a pretend proxy)', () => {
    expect(listeningConfigError(loadConfig({ NODE_ENV: 'test' }))).toMatch(
      /NODE_ENV: "test" is for the in-process test harness/,
    );
    expect(listeningConfigError(loadConfig({ NODE_ENV: 'production' }))).toBeNull();
    expect(listeningConfigError(loadConfig({}))).toBeNull();
  });
});
