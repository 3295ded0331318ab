import { describe, expect, it } from 'vitest';
import { ConfigError, isLoopbackHost, loadConfig } from './config.ts';

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

describe('isLoopbackHost', () => {
  it('knows loopback addresses from public ones', () => {
    expect(['127.0.0.1', 'localhost', '::1', '127.1.2.3'].every(isLoopbackHost)).toBe(true);
    expect(['0.0.0.0', '192.168.1.2', 'example.com'].some(isLoopbackHost)).toBe(false);
  });
});
