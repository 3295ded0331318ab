import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { announceMailbox, reachableFromElsewhere } from './announce-mailbox.ts';

const mailbox = { dir: 'data/mail', token: 'the-token-0123456789' };

function announced(env: Record<string, string>) {
  const out: string[] = [];
  const err: string[] = [];
  announceMailbox(
    loadConfig(env),
    mailbox,
    (line) => out.push(line),
    (line) => err.push(line),
  );
  return { out, err };
}

describe('announcing the local mailbox at start', () => {
  it('prints the link with its token once, and no warning on a server only this machine reaches', () => {
    const { out, err } = announced({});
    expect(out).toEqual([expect.stringContaining('http://localhost:3000/dev/mailbox?token=the-token-0123456789')]);
    expect(err).toEqual([]);
  });

  it('warns when other machines can reach the server: a public HOST, a public address, or a proxy', () => {
    const environments: Record<string, string>[] = [
      { HOST: '0.0.0.0', MAILBOX_ENABLED: 'true' },
      { PUBLIC_URL: 'https://savvypig.example.com' },
      { TRUST_PROXY: 'true' },
    ];
    for (const env of environments) {
      const { err } = announced(env);
      expect(err).toHaveLength(1);
      expect(err[0]).toMatch(/^WARNING: the local mailbox is on and other machines can reach this server/);
      expect(err[0]).toContain('password-reset links');
      expect(err[0]).toContain('MAILBOX_ENABLED=false');
    }
  });

  it('names why the server can be reached', () => {
    expect(reachableFromElsewhere(loadConfig({ HOST: '0.0.0.0' }))).toBe('HOST is 0.0.0.0, not a loopback address');
    expect(reachableFromElsewhere(loadConfig({ PUBLIC_URL: 'http://[::1]:3000' }))).toBeNull();
    expect(reachableFromElsewhere(loadConfig({ PUBLIC_URL: 'http://127.0.0.1:3000' }))).toBeNull();
    expect(reachableFromElsewhere(loadConfig({}))).toBeNull();
  });
});
