import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { calendarDateInLondon } from '../../core/dates/calendar-date.ts';
import { PROFILE_MESSAGES } from '../../core/profile/profile-schema.ts';
import { profiles, user } from '../db/schema/index.ts';
import { testDatabaseKinds } from '../test/databases.ts';
import { createTestServer, signUpAndSignIn, type TestServer } from '../test/server.ts';

const everyField = {
  firstName: 'Jane',
  lastName: 'Doe',
  mobileNumber: '+44 7700 900123',
  profession: 'Nurse',
  companyName: 'NHS Leeds',
  dateOfBirth: '1984-02-29',
  addressLine1: '1 Park Row',
  addressLine2: 'Flat 2',
  town: 'Leeds',
  county: 'West Yorkshire',
  postcode: 'ls1 5ab',
  marketingOptIn: true,
  leadSource: 'search_engine',
};

describe.each(testDatabaseKinds())('the profile API on %s', (kind) => {
  let server: TestServer;
  let jane: { cookie: string; userId: string };
  let other: { cookie: string; userId: string };

  beforeAll(async () => {
    server = await createTestServer(kind);
    jane = await signUpAndSignIn(server, {
      email: 'jane.profile@example.com',
      firstName: 'Jane',
      lastName: 'Original',
    });
    other = await signUpAndSignIn(server, {
      email: 'other.profile@example.com',
      firstName: 'Other',
      lastName: 'Person',
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  const patch = (json: unknown, cookie = jane.cookie) =>
    server.request('/api/profile', { method: 'PATCH', cookie, json });
  const get = (cookie = jane.cookie) => server.request('/api/profile', { cookie });
  const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string } }).error;

  it('returns the signed-in user’s profile with the read-only e-mail', async () => {
    const res = await get();
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      email: 'jane.profile@example.com',
      firstName: 'Jane',
      lastName: 'Original',
      dateOfBirth: null,
      marketingOptIn: false,
      avatarUrl: null,
    });
  });

  it('refuses an anonymous caller', async () => {
    expect((await server.request('/api/profile')).status).toBe(401);
    expect((await server.request('/api/profile', { method: 'PATCH', json: { town: 'York' } })).status).toBe(401);
  });

  it('saves every field, normalised, and reads them back', async () => {
    const res = await patch(everyField);
    expect(res.status).toBe(200);
    const expected = {
      ...everyField,
      mobileNumber: '07700 900123',
      postcode: 'LS1 5AB',
      email: 'jane.profile@example.com',
    };
    expect(await res.json()).toMatchObject(expected);
    expect(await (await get()).json()).toMatchObject(expected);
  });

  it('saves blank text and an empty date of birth as null', async () => {
    const res = await patch({
      companyName: '',
      addressLine2: '   ',
      dateOfBirth: '',
      mobileNumber: '',
      postcode: '',
      leadSource: '',
    });
    expect(res.status).toBe(200);
    const [row] = await server.deps.database.db.select().from(profiles).where(eq(profiles.id, jane.userId));
    expect(row).toMatchObject({
      companyName: null,
      addressLine2: null,
      dateOfBirth: null,
      mobileNumber: null,
      postcode: null,
      leadSource: null,
    });
    expect(row?.town).toBe('Leeds');
  });

  it.each([
    [{ postcode: '90210' }, PROFILE_MESSAGES.postcode, 'postcode'],
    [{ mobileNumber: '020 7946 0000' }, PROFILE_MESSAGES.mobile, 'mobileNumber'],
    [{ dateOfBirth: '1899-12-31' }, PROFILE_MESSAGES.dateOfBirthTooEarly, 'dateOfBirth'],
    [{ dateOfBirth: '2999-01-01' }, PROFILE_MESSAGES.dateOfBirthFuture, 'dateOfBirth'],
    [{ dateOfBirth: '2001-02-29' }, PROFILE_MESSAGES.dateOfBirthInvalid, 'dateOfBirth'],
    [{ firstName: '  ' }, PROFILE_MESSAGES.firstNameRequired, 'firstName'],
    [{ lastName: '' }, PROFILE_MESSAGES.lastNameRequired, 'lastName'],
    [{ leadSource: 'pigeon' }, PROFILE_MESSAGES.leadSource, 'leadSource'],
    [{ profession: 'x'.repeat(101) }, 'Profession must be 100 characters or fewer', 'profession'],
    [{ companyName: 'x'.repeat(201) }, 'Company name must be 200 characters or fewer', 'companyName'],
    [{ addressLine1: 'x'.repeat(201) }, 'Address line 1 must be 200 characters or fewer', 'addressLine1'],
    [{ addressLine2: 'x'.repeat(201) }, 'Address line 2 must be 200 characters or fewer', 'addressLine2'],
    [{ town: 'x'.repeat(101) }, 'Town or city must be 100 characters or fewer', 'town'],
    [{ county: 'x'.repeat(101) }, 'County must be 100 characters or fewer', 'county'],
    [{ marketingOptIn: 'yes' }, 'Marketing choice must be yes or no', 'marketingOptIn'],
  ])('refuses %j with 400 and writes nothing', async (body, message, field) => {
    const before = await (await get()).json();
    const res = await patch({ town: 'Changed', ...body });
    expect(res.status).toBe(400);
    const error = await errorOf(res);
    expect(error.message).toBe(message);
    expect(error).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect((error as unknown as { details?: { field?: string } }).details?.field).toBe(field);
    expect(await (await get()).json()).toEqual(before);
  });

  it('accepts a date of birth of today in the UK', async () => {
    const today = calendarDateInLondon(new Date());
    const res = await patch({ dateOfBirth: today });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { dateOfBirth: string }).dateOfBirth).toBe(today);
  });

  it('refuses the e-mail, the avatar and unknown fields', async () => {
    for (const body of [
      { email: 'new@example.com' },
      { avatarUrl: '/api/avatars/x/y.webp' },
      { lastLoginAt: '2020-01-01' },
    ]) {
      const res = await patch(body);
      expect(res.status).toBe(400);
      expect((await errorOf(res)).message).toMatch(/^This field cannot be changed here: /);
    }
    expect((await patch({})).status).toBe(400);
  });

  it('changes only the caller’s own profile', async () => {
    await patch({ town: 'Bradford' }, other.cookie);
    expect(((await (await get()).json()) as { town: string }).town).not.toBe('Bradford');
    expect(((await (await get(other.cookie)).json()) as { town: string }).town).toBe('Bradford');
  });

  it('keeps the name-only update the header uses working', async () => {
    const res = await patch({ firstName: 'Janet' });
    expect(res.status).toBe(200);
    const me = (await (await server.request('/api/me', { cookie: jane.cookie })).json()) as {
      profile: { firstName: string };
    };
    expect(me.profile.firstName).toBe('Janet');
  });

  it("keeps better-auth's update-user switched off, so no name or picture skips the profile rules", async () => {
    const { db } = server.deps.database;
    const stored = async () =>
      (await db.select({ name: user.name, image: user.image }).from(user).where(eq(user.id, jane.userId)))[0];
    const before = await stored();
    for (const body of [
      { name: 12345 },
      { name: ['a', 'b'] },
      { name: 'x'.repeat(100_000) },
      { image: 'javascript:alert(1)' },
    ]) {
      const res = await server.request('/api/auth/update-user', { method: 'POST', cookie: jane.cookie, json: body });
      expect(res.status).toBe(404);
    }
    expect(await stored()).toEqual(before);
  });
});
