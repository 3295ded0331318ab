import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { SessionUser } from './session.ts';
import type { AppEnv } from '../http/context.ts';
import { handleError } from '../http/on-error.ts';
import { assertEmailVerified, requireVerifiedEmail } from './verified-email.ts';

const session = (emailVerified: boolean) =>
  ({ userId: 'u1', sessionId: 's1', email: 'u1@example.com', emailVerified, isAdmin: false }) as SessionUser;

function appFor(user: SessionUser | null) {
  const app = new Hono<AppEnv>();
  app.use('*', async (c, next) => {
    c.set('session', user);
    await next();
  });
  app.post('/api/verified-only', requireVerifiedEmail(), (c) => c.json({ ok: true }));
  app.onError(handleError);
  return app;
}

describe('features that need a verified e-mail address', () => {
  it('refuses an unverified user with 403 and the stable code', async () => {
    const res = await appFor(session(false)).request('/api/verified-only', { method: 'POST' });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      error: { code: 'EMAIL_NOT_VERIFIED', message: 'Please verify your email to access all features.' },
    });
  });

  it('lets a verified user through', async () => {
    const res = await appFor(session(true)).request('/api/verified-only', { method: 'POST' });
    expect(res.status).toBe(200);
  });

  it('asks for sign-in before anything else', async () => {
    const res = await appFor(null).request('/api/verified-only', { method: 'POST' });
    expect(res.status).toBe(401);
  });

  it('has a check to call inside a handler', () => {
    expect(() => assertEmailVerified({ emailVerified: false })).toThrow(
      'Please verify your email to access all features.',
    );
    expect(() => assertEmailVerified({ emailVerified: true })).not.toThrow();
  });
});
