/**
 * The e-mails of a support conversation (issue 28): the saver hears of support's public reply, and
 * admins (the assigned one, or every admin while nobody has it) hear of the saver's ticket or
 * reply. An internal note e-mails nobody. Every text a person wrote goes through `compose`, which
 * escapes it for the HTML part.
 */
import { CATEGORY_LABELS, isTicketCategory, ticketReference } from '../../core/support/tickets.ts';
import { compose } from '../mail/templates.ts';
import type { OutgoingMail } from '../mail/mailer.ts';

/** A subject line's part that a person wrote: one line, at most 120 characters. */
function oneLine(text: string): string {
  const line = text.replace(/[\r\n\t]+/g, ' ').trim();
  return line.length > 120 ? `${line.slice(0, 119)}…` : line;
}

type TicketFacts = { id: string; subject: string; category: string };

/** To the saver: support replied publicly on their ticket. */
export function supportReplyMail(to: string, ticket: TicketFacts, reply: string, ticketUrl: string): OutgoingMail {
  return compose(to, `Re: ${oneLine(ticket.subject)} [${ticketReference(ticket.id)}]`, [
    { kind: 'p', text: `SavvyPig Support replied to your ticket “${oneLine(ticket.subject)}”:` },
    { kind: 'p', text: reply },
    { kind: 'button', label: 'View your ticket', url: ticketUrl },
    { kind: 'p', text: 'To answer, reply on the ticket’s page: replies to this email are not read.' },
  ]);
}

/** To an admin: a saver opened a ticket, or wrote again on one. */
export function saverMessageMail(
  to: string,
  ticket: TicketFacts,
  saver: { email: string; name: string },
  message: string,
  { isNew, ticketUrl }: { isNew: boolean; ticketUrl: string },
): OutgoingMail {
  const category = isTicketCategory(ticket.category) ? CATEGORY_LABELS[ticket.category] : ticket.category;
  const reference = ticketReference(ticket.id);
  return compose(
    to,
    isNew
      ? `New support ticket ${reference}: ${oneLine(ticket.subject)}`
      : `Saver replied on ${reference}: ${oneLine(ticket.subject)}`,
    [
      {
        kind: 'p',
        text: isNew
          ? `${saver.name} <${saver.email}> opened a support ticket (${category}).`
          : `${saver.name} <${saver.email}> replied on their support ticket.`,
      },
      { kind: 'p', text: `Subject: ${ticket.subject}` },
      { kind: 'p', text: message },
      { kind: 'button', label: 'Open the ticket', url: ticketUrl },
    ],
  );
}
