import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Deps } from '../http/context.ts';
import { user, userRoles } from '../db/schema/index.ts';
import { signUpDetails } from '../auth/auth.ts';
import { startTrial } from '../subscriptions/redeem.ts';

export const DEMO_SUBSCRIBER_EMAIL = 'demo@savvypig.local';
export const DEMO_ADMIN_EMAIL = 'admin@savvypig.local';

/** Printed for every new admin: admin pages stay shut until two-factor is on (docs/decisions/0009-two-factor.md). */
export const ADMIN_TWO_FACTOR_NOTE =
  'Admin pages open once this admin has turned on two-factor authentication: sign in, then Settings > Security.';

/** A readable random password (about 96 bits). */
export function randomPassword(): string {
  return randomBytes(12).toString('base64url');
}

/**
 * Creates a verified user with a random password (a saver with the 7-day Big Pig trial a verified
 * sign-up starts); returns the password, or null when the address is already registered (the seed never
 * changes an existing user's password).
 */
export async function createVerifiedUser(
  deps: Deps,
  input: { email: string; firstName: string; lastName: string; admin: boolean },
): Promise<string | null> {
  const { db } = deps.database;
  const [existing] = await db.select({ id: user.id }).from(user).where(eq(user.email, input.email));
  if (existing) {
    if (input.admin) await db.insert(userRoles).values({ userId: existing.id, role: 'admin' }).onConflictDoNothing();
    return null;
  }
  const password = randomPassword();
  await signUpDetails.run({ firstName: input.firstName, lastName: input.lastName, skipVerificationEmail: true }, () =>
    deps.auth.api.signUpEmail({ body: { name: `${input.firstName} ${input.lastName}`, email: input.email, password } }),
  );
  // Verified, and then a role or a trial, in one transaction: a saver's trial starts here as a
  // verified sign-up's does (without a subscription row the plan page read "Big Pig trial", status
  // "Inactive", no end date); an admin has Big Pig by the role, and no trial to end.
  await db.transaction(async (tx) => {
    const [created] = await tx
      .update(user)
      .set({ emailVerified: true, emailConfirmedAt: sql`now()` })
      .where(eq(user.email, input.email))
      .returning({ id: user.id });
    if (!created) throw new Error(`Could not create ${input.email}`);
    if (input.admin) await tx.insert(userRoles).values({ userId: created.id, role: 'admin' }).onConflictDoNothing();
    else await startTrial(tx, created.id, deps.clock.now());
  });
  return password;
}

/** First run only: a demo subscriber and a demo admin, their passwords printed once. */
export async function seedDemoUsers(deps: Deps, print: (line: string) => void): Promise<void> {
  const accounts = [
    { email: DEMO_SUBSCRIBER_EMAIL, firstName: 'Demo', lastName: 'Saver', admin: false },
    { email: DEMO_ADMIN_EMAIL, firstName: 'Demo', lastName: 'Admin', admin: true },
  ];
  for (const account of accounts) {
    const password = await createVerifiedUser(deps, account);
    if (password) {
      print(
        `Demo ${account.admin ? 'admin' : 'subscriber'} created: ${account.email} / ${password}  (shown once; turn off with SEED_DEMO=false)` +
          (account.admin ? `. ${ADMIN_TWO_FACTOR_NOTE}` : ''),
      );
    }
  }
}
