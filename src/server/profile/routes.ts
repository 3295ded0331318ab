import { eq, sql } from 'drizzle-orm';
import { calendarDateInLondon } from '../../core/dates/calendar-date.ts';
import { profileUpdateSchema } from '../../core/profile/profile-schema.ts';
import { AppError } from '../errors.ts';
import { sessionOf, txOf } from '../http/access.ts';
import type { Deps } from '../http/context.ts';
import { createRouter, defineRoute, z } from '../http/route.ts';
import { profiles } from '../db/schema/index.ts';
import type { Tx } from '../db/client.ts';
import { publish } from '../realtime/hub.ts';
import { enqueueProfileSync } from '../crm/enqueue.ts';

/**
 * The route checks the shape; the handler checks again against today's date in the UK (a date
 * of birth may not be in the future). The schema's output parses to itself, so the second pass
 * sees the same values.
 */
const ProfileUpdateShape = profileUpdateSchema('9999-12-31').openapi('ProfileUpdate');

export const ProfileSchema = z
  .object({
    email: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    avatarUrl: z.string().nullable(),
    mobileNumber: z.string().nullable(),
    profession: z.string().nullable(),
    companyName: z.string().nullable(),
    dateOfBirth: z.string().nullable().openapi({ description: 'yyyy-MM-dd' }),
    addressLine1: z.string().nullable(),
    addressLine2: z.string().nullable(),
    town: z.string().nullable(),
    county: z.string().nullable(),
    postcode: z.string().nullable(),
    marketingOptIn: z.boolean(),
    leadSource: z.string().nullable(),
    updatedAt: z.string(),
  })
  .openapi('Profile');

export type Profile = z.infer<typeof ProfileSchema>;

const profileColumns = {
  firstName: profiles.firstName,
  lastName: profiles.lastName,
  avatarUrl: profiles.avatarUrl,
  mobileNumber: profiles.mobileNumber,
  profession: profiles.profession,
  companyName: profiles.companyName,
  dateOfBirth: profiles.dateOfBirth,
  addressLine1: profiles.addressLine1,
  addressLine2: profiles.addressLine2,
  town: profiles.town,
  county: profiles.county,
  postcode: profiles.postcode,
  marketingOptIn: profiles.marketingOptIn,
  leadSource: profiles.leadSource,
  updatedAt: profiles.updatedAt,
};

async function findProfile(tx: Tx, userId: string, email: string): Promise<Profile | null> {
  const [row] = await tx.select(profileColumns).from(profiles).where(eq(profiles.id, userId));
  return row ? { ...row, email, updatedAt: row.updatedAt.toISOString() } : null;
}

/** The signed-in user's own profile. Every open tab of that user hears of a change. */
export function profileRoutes(deps: Deps) {
  const app = createRouter();

  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      method: 'get',
      path: '/api/profile',
      summary: "The signed-in user's profile (every field of 000 §3 and 002 §3 they may see)",
      responses: { 200: { description: 'The profile', content: { 'application/json': { schema: ProfileSchema } } } },
    }),
    async (c) => {
      const session = sessionOf(c);
      const profile = await findProfile(txOf(c), session.userId, session.email);
      if (!profile) throw new AppError('NOT_FOUND', 'Profile not found');
      return c.json(profile, 200);
    },
  );

  app.openapi(
    defineRoute(deps, '', {
      access: 'user',
      method: 'patch',
      path: '/api/profile',
      summary: "Update the signed-in user's profile",
      description:
        'Any subset of the editable fields. Blank text and an empty date of birth are saved as null; postcodes and mobile numbers are stored in UK form.',
      request: { body: { content: { 'application/json': { schema: ProfileUpdateShape } }, required: true } },
      responses: { 200: { description: 'Updated', content: { 'application/json': { schema: ProfileSchema } } } },
    }),
    async (c) => {
      const session = sessionOf(c);
      const parsed = profileUpdateSchema(calendarDateInLondon(new Date())).safeParse(c.req.valid('json'));
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new AppError('VALIDATION_FAILED', issue?.message ?? 'Invalid request', {
          field: issue?.path.join('.') || undefined,
        });
      }
      const tx = txOf(c);
      const updated = await tx
        .update(profiles)
        .set({ ...parsed.data, updatedAt: sql`now()` })
        .where(eq(profiles.id, session.userId))
        .returning({ id: profiles.id });
      if (updated.length === 0) throw new AppError('NOT_FOUND', 'Profile not found');
      // Queued for the CRM in the same transaction as the change (ADR 0063): a rollback queues nothing.
      await enqueueProfileSync(deps.crm, tx, { userId: session.userId, email: session.email });
      await publish(tx, { type: 'profile.updated', userId: session.userId, invalidate: [['me']] });
      return c.json((await findProfile(tx, session.userId, session.email))!, 200);
    },
  );
  return app;
}
