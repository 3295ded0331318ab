import { describe, expect, it } from 'vitest';
import { actionText, dateTimeText, fieldChanges, subjectTypeText, valueText } from './audit-text.ts';

describe('the audit log in words', () => {
  it('names known actions and subjects, and turns others into words', () => {
    expect(actionText('contact.update')).toBe('Updated a contact inquiry');
    expect(actionText('ticket.internal_note')).toBe('Ticket internal note');
    expect(subjectTypeText('contact_inquiry')).toBe('Contact inquiry');
    expect(subjectTypeText('promo_code')).toBe('Promo code');
  });

  it('names the news feed and house ad actions (issue 29)', () => {
    expect(actionText('news_feed.test')).toBe('Tested a news feed');
    expect(actionText('ad_campaign.delete')).toBe('Removed a house ad');
    expect(subjectTypeText('news_feed')).toBe('News feed');
    expect(subjectTypeText('ad_campaign')).toBe('House ad');
  });

  it('names the CRM and diagnostics actions (issue 31)', () => {
    expect(actionText('crm.queue.clear')).toBe('Cleared the CRM sync queue');
    expect(actionText('crm.sync-users.start')).toBe('Started Sync Users');
    expect(actionText('diagnostics.auto-fix')).toBe('Ran Auto-Fix');
    expect(actionText('diagnostics.cleanup')).toBe('Cleaned up old jobs and sync items');
    expect(subjectTypeText('hubspot_sync_queue')).toBe('CRM sync queue');
  });

  it('writes times in London in en-GB, both sides of the clocks changing', () => {
    expect(dateTimeText('2026-11-29T03:53:00Z')).toBe('29 Nov 2026, 03:53');
    expect(dateTimeText('2026-07-01T12:00:00.123456Z')).toBe('1 Jul 2026, 13:00');
  });

  it('writes values: none, yes or no, times, text as it is, and JSON for the rest', () => {
    expect(valueText(null)).toBe('(none)');
    expect(valueText('')).toBe('(none)');
    expect(valueText(true)).toBe('Yes');
    expect(valueText('2026-11-29T10:15:00.000Z')).toBe('29 Nov 2026, 10:15');
    expect(valueText('<img src=x onerror=alert(1)>')).toBe('<img src=x onerror=alert(1)>');
    expect(valueText(12345)).toBe('12,345');
    expect(valueText({ a: 1 })).toBe('{"a":1}');
  });

  it('lists each changed field with its before and after, either side missing', () => {
    expect(
      fieldChanges({ status: 'new', respondedAt: null }, { status: 'contacted', respondedAt: '2026-11-29T10:15:00Z' }),
    ).toEqual([
      { field: 'Status', before: 'new', after: 'contacted' },
      { field: 'Responded at', before: '(none)', after: '29 Nov 2026, 10:15' },
    ]);
    expect(fieldChanges(null, { marketingConsent: true })).toEqual([
      { field: 'Marketing consent', before: '(none)', after: 'Yes' },
    ]);
    expect(fieldChanges('not an object', undefined)).toEqual([]);
  });
});
