import { describe, expect, it } from 'vitest';
import { notificationsFrom } from './registry.ts';
import type { NotificationRows } from './rows.ts';
import { emptyRows } from './rows-test-fixtures.ts';

// Friday 27 November 2026, noon in London.
const TODAY = '2026-11-27';
const NOW = new Date('2026-11-27T12:00:00Z');
const DAY_MS = 24 * 60 * 60 * 1000;

const withConsent = (endsInDays: number, status: 'active' | 'expired' | 'revoked' | 'error' = 'active') =>
  ({
    ...emptyRows(TODAY),
    openBanking: {
      now: NOW,
      connections: [
        {
          connectionId: 'c1',
          bankName: 'Halifax',
          status,
          consentExpiresAt: new Date(NOW.getTime() + endsInDays * DAY_MS).toISOString(),
        },
      ],
    },
  }) satisfies NotificationRows;

describe('a bank connection’s consent ending (issue 32)', () => {
  it('asks the saver to reconfirm from 14 days before the 90 days are up, by the day it ends', () => {
    const [notice, ...rest] = notificationsFrom(withConsent(14));
    expect(rest).toEqual([]);
    expect(notice).toMatchObject({
      kind: 'open-banking',
      severity: 'warning',
      title: 'Reconfirm your Halifax connection by 11/12/2026',
      link: { label: 'Reconnect', href: '/open-banking' },
      date: '2026-12-11',
      dismissible: true,
    });
    expect(notice?.message).toContain('ends on 11/12/2026');
  });

  it('says nothing while more than 14 days are left, or once the saver disconnected', () => {
    expect(notificationsFrom(withConsent(15))).toEqual([]);
    expect(notificationsFrom(withConsent(3, 'revoked'))).toEqual([]);
    expect(notificationsFrom(withConsent(-3, 'revoked'))).toEqual([]);
  });

  it('asks the saver to reconnect once the consent has ended, whatever was stored', () => {
    for (const status of ['active', 'error', 'expired'] as const) {
      const list = notificationsFrom(withConsent(-1, status));
      expect(list.map((n) => [n.kind, n.severity, n.title, n.date])).toEqual([
        ['open-banking', 'warning', 'Your Halifax connection has ended', TODAY],
      ]);
    }
  });

  it('gives a new id when the consent is reconfirmed, so a dismissal holds only for that end', () => {
    const before = notificationsFrom(withConsent(10))[0]?.id;
    const after = notificationsFrom(withConsent(5))[0]?.id;
    expect(before).toBeDefined();
    expect(after).not.toBe(before);
  });

  it('says nothing without Open Banking in the plan', () => {
    expect(notificationsFrom({ ...withConsent(2), openBanking: null })).toEqual([]);
  });
});
