import { AppError } from '../errors.ts';
import type { Deps } from '../http/context.ts';
import { createRouter, defineRoute, z } from '../http/route.ts';
import { listStoredMail, readStoredMail } from '../mail/mailer.ts';

const MailSummary = z.object({ id: z.string(), to: z.string(), subject: z.string(), date: z.string() });
const MailDetail = MailSummary.extend({ from: z.string(), html: z.string(), text: z.string(), links: z.array(z.string()) });

/**
 * The local mailbox: only when mail is written to files (no SMTP_URL) and the server is
 * local (see config.mailboxEnabled). Otherwise these paths answer 404.
 */
export function devMailRoutes(deps: Deps) {
  const app = createRouter();
  const mailDir = deps.mailer.mailDir;
  const enabled = deps.config.mailboxEnabled && mailDir !== undefined;
  const ensure = () => {
    if (!enabled || !mailDir) throw new AppError('NOT_FOUND', 'Not found');
    return mailDir;
  };

  app.openapi(
    defineRoute(deps, '', {
      access: 'public',
      method: 'get',
      path: '/api/dev/mail',
      summary: 'Local mailbox: e-mails written to files (development only)',
      responses: {
        200: { description: 'Newest first', content: { 'application/json': { schema: z.object({ messages: z.array(MailSummary) }) } } },
        404: { description: 'Mailbox disabled' },
      },
    }),
    async (c) => {
      const messages = await listStoredMail(ensure());
      return c.json({ messages: messages.map(({ id, to, subject, date }) => ({ id, to, subject, date })) }, 200);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'public',
      method: 'get',
      path: '/api/dev/mail/{id}',
      summary: 'One e-mail from the local mailbox (development only)',
      request: { params: z.object({ id: z.string().regex(/^[0-9]+-[0-9a-f]{8}$/, 'Invalid message id') }) },
      responses: {
        200: { description: 'The message', content: { 'application/json': { schema: MailDetail } } },
        404: { description: 'No such message, or mailbox disabled' },
      },
    }),
    async (c) => {
      const mail = await readStoredMail(ensure(), c.req.valid('param').id);
      if (!mail) throw new AppError('NOT_FOUND', 'Message not found');
      return c.json(mail, 200);
    },
  );
  return app;
}
