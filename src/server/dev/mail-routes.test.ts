import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAILBOX_TOKEN_HEADER } from '../../core/dev-mailbox/mailbox-token.ts';
import { createTestServer, type TestServer } from '../test/server.ts';
import { openLocalMailbox } from './local-mailbox.ts';

describe('the local mailbox API', () => {
  let server: TestServer;
  let disabled: TestServer;
  beforeAll(async () => {
    server = await createTestServer('pglite');
    disabled = await createTestServer('pglite', { MAILBOX_ENABLED: 'false' });
    for (const s of [server, disabled]) {
      const signUp = await s.request('/api/account/sign-up', {
        method: 'POST',
        json: {
          firstName: 'Mail',
          lastName: 'Box',
          email: 'mailbox.reader@example.com',
          password: 'a good long password',
        },
      });
      expect(signUp.status).toBe(200);
      await s.mail();
    }
  });
  afterAll(async () => {
    await server?.close();
    await disabled?.close();
  });

  const read = (s: TestServer, path: string, token?: string) =>
    s.request(path, token === undefined ? {} : { headers: { [MAILBOX_TOKEN_HEADER]: token } });

  it('opens only with the token made at start, and answers 404 otherwise, as if there were none', async () => {
    const token = server.deps.mailbox!.token;
    expect(token.length).toBeGreaterThanOrEqual(32);
    const list = await read(server, '/api/dev/mail', token);
    expect(list.status).toBe(200);
    const { messages } = (await list.json()) as { messages: { id: string; to: string }[] };
    expect(messages.map((m) => m.to)).toContain('mailbox.reader@example.com');
    expect((await read(server, `/api/dev/mail/${messages[0]!.id}`, token)).status).toBe(200);

    for (const wrong of [undefined, '', 'not-the-token', `${token}x`, token.slice(0, -1)]) {
      expect((await read(server, '/api/dev/mail', wrong)).status).toBe(404);
      expect((await read(server, `/api/dev/mail/${messages[0]!.id}`, wrong)).status).toBe(404);
    }
  });

  it('has no mailbox and no token when it is switched off', async () => {
    expect(disabled.deps.mailbox).toBeNull();
    expect((await read(disabled, '/api/dev/mail', server.deps.mailbox!.token)).status).toBe(404);
  });

  it('makes a new token at every start', () => {
    expect(openLocalMailbox(true, server.deps.mailbox!.dir)!.token).not.toBe(server.deps.mailbox!.token);
  });
});
