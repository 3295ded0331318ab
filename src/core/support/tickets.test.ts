import { describe, expect, it } from 'vitest';
import {
  isTicketCategory,
  isTicketPriority,
  isTicketStatus,
  statusAfterAdminMessage,
  statusAfterSaverMessage,
  ticketReference,
} from './tickets.ts';

describe('a ticket’s status as messages arrive', () => {
  it('goes back to support when the saver writes, reopening a resolved ticket', () => {
    expect(statusAfterSaverMessage('open')).toEqual({ ok: true, status: 'open' });
    expect(statusAfterSaverMessage('awaiting_reply')).toEqual({ ok: true, status: 'open' });
    expect(statusAfterSaverMessage('resolved')).toEqual({ ok: true, status: 'open' });
  });

  it('refuses the saver’s message on a closed ticket', () => {
    expect(statusAfterSaverMessage('closed')).toEqual({ ok: false, reason: 'closed' });
  });

  it('hands an open ticket to the saver on a public reply, and keeps the others as they are', () => {
    expect(statusAfterAdminMessage('open', { isInternal: false })).toBe('awaiting_reply');
    expect(statusAfterAdminMessage('awaiting_reply', { isInternal: false })).toBe('awaiting_reply');
    expect(statusAfterAdminMessage('resolved', { isInternal: false })).toBe('resolved');
  });

  it('leaves the status alone on an internal note', () => {
    expect(statusAfterAdminMessage('open', { isInternal: true })).toBe('open');
  });

  it('takes the status the admin chose with the message', () => {
    expect(statusAfterAdminMessage('open', { isInternal: false, chosen: 'resolved' })).toBe('resolved');
    expect(statusAfterAdminMessage('awaiting_reply', { isInternal: true, chosen: 'closed' })).toBe('closed');
  });
});

describe('ticket values', () => {
  it('knows the statuses, priorities and categories, and nothing else', () => {
    expect(isTicketStatus('awaiting_reply')).toBe(true);
    expect(isTicketStatus('pending')).toBe(false);
    expect(isTicketPriority('urgent')).toBe(true);
    expect(isTicketPriority('critical')).toBe(false);
    expect(isTicketCategory('billing')).toBe(true);
    expect(isTicketCategory('toString')).toBe(false);
  });

  it('gives a short upper-case reference from the id', () => {
    expect(ticketReference('3f2a9c1d-0000-4000-8000-000000000000')).toBe('#3F2A9C1D');
  });
});
