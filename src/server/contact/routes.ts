import { randomUUID } from 'node:crypto';
import { getSession } from '../http/access.ts';
import type { Deps } from '../http/context.ts';
import { createRouter, defineRoute, z } from '../http/route.ts';
import { takeThrottle, throttleRefusal } from '../http/throttle.ts';
import { withActor } from '../db/rls.ts';
import { contactInquiries } from '../db/schema/index.ts';
import { contactNotificationMail } from '../mail/templates.ts';
import { enqueueInquirySync } from '../crm/enqueue.ts';

export const ContactSchema = z
  .object({
    name: z.string().trim().min(1, 'Please enter your name').max(200, 'Name is too long'),
    email: z.string().trim().toLowerCase().pipe(z.email('Please provide a valid email address')),
    inquiryType: z.enum(['sales', 'technical', 'general'], 'Please choose an inquiry type').default('general'),
    subject: z.string().trim().min(1, 'Please enter a subject').max(200, 'Subject is too long'),
    message: z
      .string()
      .trim()
      .min(10, 'Please write at least 10 characters')
      .max(5000, 'Message is too long (5,000 characters at most)'),
  })
  .openapi('ContactInquiry', {
    example: {
      name: 'Ann Saver',
      email: 'ann@example.com',
      inquiryType: 'general',
      subject: 'Adding an ISA',
      message: 'How do I add a cash ISA I opened in April?',
    },
  });

export const CONTACTS_PER_IP_PER_HOUR = 5;

export function contactRoutes(deps: Deps) {
  const app = createRouter();
  app.openapi(
    defineRoute(deps, '', {
      access: 'public',
      method: 'post',
      path: '/api/contact',
      summary: 'Send a message to the team (stored as a contact inquiry and e-mailed)',
      request: { body: { content: { 'application/json': { schema: ContactSchema } }, required: true } },
      responses: {
        201: { description: 'Received', content: { 'application/json': { schema: z.object({ id: z.string() }) } } },
        429: { description: 'Too many messages from this address' },
      },
    }),
    async (c) => {
      const input = c.req.valid('json');
      const ip = c.get('clientIp');
      const throttle = await takeThrottle(deps.database.db, `contact:${ip}`, CONTACTS_PER_IP_PER_HOUR, 3600);
      if (!throttle.allowed)
        throw throttleRefusal('RATE_LIMITED', 'Too many requests. Please wait before trying again', throttle);
      const session = await getSession(c, deps);
      const id = randomUUID();
      const [firstName, ...rest] = input.name.split(/\s+/);
      // No RETURNING: app_user may insert an inquiry but only admins may read them back.
      await withActor(deps.database.db, { userId: session?.userId ?? null }, async (tx) => {
        await tx.insert(contactInquiries).values({
          id,
          name: input.name,
          firstName: firstName ?? null,
          lastName: rest.join(' ') || null,
          email: input.email,
          inquiryType: input.inquiryType,
          subject: input.subject,
          message: input.message,
          isExistingUser: session !== null,
          submitterIp: ip,
        });
        // The sender as a CRM contact and the message as a ticket, queued with the inquiry (ADR 0063).
        await enqueueInquirySync(deps.crm, tx, {
          inquiryId: id,
          userId: session?.userId ?? null,
          email: input.email,
          name: input.name,
          firstName: firstName ?? null,
          lastName: rest.join(' ') || null,
          phone: null,
          company: null,
          inquiryType: input.inquiryType,
          subject: input.subject,
          message: input.message,
          priority: 'medium',
        });
      });
      deps.mailer.sendInBackground(contactNotificationMail(deps.config.CONTACT_EMAIL, input));
      return c.json({ id }, 201);
    },
  );
  return app;
}
