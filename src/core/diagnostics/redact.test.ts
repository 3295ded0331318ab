import { describe, expect, it } from 'vitest';
import { isSecretName, REDACTED, redactDeep, redactText } from './redact.ts';

describe('redaction', () => {
  it('knows secret-looking names', () => {
    for (const name of [
      'BETTER_AUTH_SECRET',
      'STRIPE_SECRET_KEY',
      'DEBUG_API_KEY',
      'cookie',
      'sessionToken',
      'SMTP_PASSWORD',
    ])
      expect(isSecretName(name), name).toBe(true);
    for (const name of ['PORT', 'HOST', 'LOG_LEVEL', 'rowCount']) expect(isSecretName(name), name).toBe(false);
  });

  it('cuts passwords out of connection strings and tokens out of text', () => {
    expect(redactText('postgres://app:hunter2@db:5432/x')).toBe(`postgres://app:${REDACTED}@db:5432/x`);
    expect(redactText('smtps://mail:p%40ss@smtp.example.com:465')).toBe(
      `smtps://mail:${REDACTED}@smtp.example.com:465`,
    );
    expect(redactText('Authorization: Bearer abc.def-ghi')).toBe(`Authorization: Bearer ${REDACTED}`);
    expect(redactText('a=1; better-auth.session_token=xyz123; b=2')).toContain(`session_token=${REDACTED}`);
    expect(redactText('key sk_live_1234567890abcdef here')).toBe(`key ${REDACTED} here`);
    expect(redactText('0123456789abcdef0123456789abcdef0123')).toBe(REDACTED);
    expect(redactText('/home/somebody/projects/savings/current/dist')).toBe(
      '/home/somebody/projects/savings/current/dist',
    );
  });

  it('redacts secret-named fields deeply and keeps flags and harmless values', () => {
    expect(
      redactDeep({
        PORT: 3000,
        STRIPE_SECRET_KEY: 'sk_test_123456789',
        nested: [{ token: 'abc', name: 'ok' }],
        hasStripeKey: true,
        DATABASE_URL: 'postgres://u:pw@h/d',
      }),
    ).toEqual({
      PORT: 3000,
      STRIPE_SECRET_KEY: REDACTED,
      nested: [{ token: REDACTED, name: 'ok' }],
      hasStripeKey: true,
      DATABASE_URL: `postgres://u:${REDACTED}@h/d`,
    });
  });
});
