import { describe, expect, it } from 'vitest';
import {
  longDate,
  paymentFailedMail,
  paymentReceivedMail,
  planChangedMail,
  subscriptionCancelledMail,
  trialEndingMail,
} from './billing-templates.ts';
import { accountDeletedMail } from './templates.ts';

const at = (iso: string) => new Date(iso);
const links = {
  subscriptionUrl: 'https://savvypig.test/settings?tab=subscription',
  updateCardUrl: 'https://savvypig.test/settings/subscription/payment',
  subscribeUrl: 'https://savvypig.test/subscribe',
  settingsUrl: 'https://savvypig.test/settings',
};

describe('the e-mails when money moves', () => {
  it('writes dates as the London date in words', () => {
    expect(longDate(at('2026-11-21T10:00:00Z'))).toBe('21 November 2026');
    // 23:30 on 30 June UTC is 1 July in London (BST).
    expect(longDate(at('2026-06-30T23:30:00Z'))).toBe('1 July 2026');
  });

  it('payment received: amount, plan and cycle, the period it pays for and the next payment', () => {
    const mail = paymentReceivedMail(
      'saver@example.com',
      {
        amountPence: 123_456,
        plan: { tier: 'bigpig', cycle: 'annual' },
        periodStart: at('2026-11-21T10:00:00Z'),
        periodEnd: at('2027-11-21T10:00:00Z'),
        nextPaymentAt: at('2027-11-21T10:00:00Z'),
      },
      links,
    );
    expect(mail.subject).toBe('Payment received: £1,234.56');
    expect(mail.text).toContain('we have received £1,234.56 for SavvyPig Big Pig (annual).');
    expect(mail.text).toContain('It pays for 21 November 2026 to 21 November 2027.');
    expect(mail.text).toContain('Your next payment is due on 21 November 2027.');
    expect(mail.text).toContain(links.subscriptionUrl);
  });

  it('payment received without an amount or a next payment says so', () => {
    const mail = paymentReceivedMail(
      'saver@example.com',
      { amountPence: null, plan: null, periodStart: null, periodEnd: null, nextPaymentAt: null },
      links,
    );
    expect(mail.subject).toBe('Payment received');
    expect(mail.text).toContain('The provider did not tell us the period it pays for');
    expect(mail.text).toContain('No further payment is due');
  });

  it('payment failed: amount, the 7-day grace and the date access would end, the link to update the card', () => {
    const mail = paymentFailedMail(
      'saver@example.com',
      { amountPence: 999, failedAt: at('2026-11-25T10:00:00Z'), graceEndsAt: at('2026-12-02T10:00:00Z') },
      links,
    );
    expect(mail.subject).toBe('Your SavvyPig payment failed');
    expect(mail.text).toContain('We could not take your payment of £9.99 on 25 November 2026.');
    expect(mail.text).toContain('7-day grace period');
    expect(mail.text).toContain('by 2 December 2026, your paid features end then');
    expect(mail.text).toContain(`Update payment method: ${links.updateCardUrl}`);
  });

  it('plan changed: from and to with cycles, when, and plainly that the amount is unknown', () => {
    const mail = planChangedMail(
      'saver@example.com',
      {
        from: { tier: 'bigpig', cycle: 'monthly' },
        to: { tier: 'boar', cycle: 'annual' },
        at: at('2026-11-27T10:00:00Z'),
      },
      links,
    );
    expect(mail.subject).toBe('Your SavvyPig plan is now Boar (annual)');
    expect(mail.text).toContain('from Big Pig (monthly) to Boar (annual) on 27 November 2026');
    expect(mail.text).toContain('did not tell us the amount charged or credited');
  });

  it('trial ending: the date it ends and what happens then', () => {
    const mail = trialEndingMail('saver@example.com', { trialEndsAt: at('2026-12-04T10:00:00Z') }, links);
    expect(mail.subject).toBe('Your SavvyPig trial ends on 4 December 2026');
    expect(mail.text).toContain('Nothing is charged unless you choose one');
    expect(mail.text).toContain(links.subscribeUrl);
  });

  it('cancelled: when access ends, nothing more charged, data stays readable and exportable', () => {
    const scheduled = subscriptionCancelledMail(
      'saver@example.com',
      { accessEndsAt: at('2026-12-27T10:00:00Z'), immediately: false },
      links,
    );
    expect(scheduled.subject).toBe('Your SavvyPig subscription is cancelled');
    expect(scheduled.text).toContain('You keep your paid features until 27 December 2026');
    expect(scheduled.text).toContain('Nothing more will be charged.');
    expect(scheduled.text).toContain('stay readable, and you can export them');
    const now = subscriptionCancelledMail('saver@example.com', { accessEndsAt: null, immediately: true }, links);
    expect(now.text).toContain('Your paid features have ended today.');
  });

  it('account deleted: says the subscription was cancelled only when there was one', () => {
    const withPlan = accountDeletedMail('saver@example.com', 'https://savvypig.test/contact', {
      cancelledPlan: 'Big Pig',
    });
    expect(withPlan.text).toContain('Your Big Pig subscription was cancelled');
    expect(withPlan.text).toContain('you will not be charged again');
    expect(withPlan.text).toContain('transactions, standing orders');
    expect(accountDeletedMail('saver@example.com', 'https://savvypig.test/contact').text).not.toContain('subscription');
  });
});
