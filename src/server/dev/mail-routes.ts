import type { Context } from 'hono';
import { MAILBOX_TOKEN_HEADER } from '../../core/dev-mailbox/mailbox-token.ts';
import { AppError } from '../errors.ts';
import type { AppEnv, Deps } from '../http/context.ts';
import { createRouter, defineRoute, z } from '../http/route.ts';
import { listStoredMail, readStoredMail } from '../mail/mailer.ts';
import { opensMailbox } from './local-mailbox.ts';

const MailSummary = z.object({ id: z.string(), to: z.string(), subject: z.string(), date: z.string() });
const MailDetail = MailSummary.extend({
  from: z.string(),
  html: z.string(),
  text: z.string(),
  links: z.array(z.string()),
});

const TOKEN_DESCRIPTION = `Only with the token the server printed at start, in the \`${MAILBOX_TOKEN_HEADER}\` header; without it, 404 as if there were no mailbox.`;

/**
 * The local mailbox: only when mail is written to files (no SMTP_URL) and the server is local
 * (see config.mailboxEnabled), and only for a request carrying the mailbox's token. Otherwise
 * these paths answer 404, so a stranger cannot even tell that there is a mailbox.
 */
export function devMailRoutes(deps: Deps) {
  const app = createRouter();
  const { mailbox } = deps;
  const ensure = (c: Context<AppEnv>) => {
    if (!mailbox || !opensMailbox(mailbox, c.req.header(MAILBOX_TOKEN_HEADER)))
      throw new AppError('NOT_FOUND', 'Not found');
    return mailbox.dir;
  };

  app.openapi(
    defineRoute(deps, '', {
      access: 'public',
      method: 'get',
      path: '/api/dev/mail',
      summary: 'Local mailbox: e-mails written to files (development only)',
      description: TOKEN_DESCRIPTION,
      responses: {
        200: {
          description: 'Newest first',
          content: { 'application/json': { schema: z.object({ messages: z.array(MailSummary) }) } },
        },
        404: { description: 'Mailbox disabled, or no valid token' },
      },
    }),
    async (c) => {
      const messages = await listStoredMail(ensure(c));
      return c.json({ messages: messages.map(({ id, to, subject, date }) => ({ id, to, subject, date })) }, 200);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'public',
      method: 'get',
      path: '/api/dev/mail/{id}',
      summary: 'One e-mail from the local mailbox (development only)',
      description: TOKEN_DESCRIPTION,
      request: { params: z.object({ id: z.string().regex(/^[0-9]+-[0-9]{4}-[0-9a-f]{8}$/, 'Invalid message id') }) },
      responses: {
        200: { description: 'The message', content: { 'application/json': { schema: MailDetail } } },
        404: { description: 'No such message, mailbox disabled, or no valid token' },
      },
    }),
    async (c) => {
      const mail = await readStoredMail(ensure(c), c.req.valid('param').id);
      if (!mail) throw new AppError('NOT_FOUND', 'Message not found');
      return c.json(mail, 200);
    },
  );
  return app;
}
