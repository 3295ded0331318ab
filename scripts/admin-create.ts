// npm run admin:create -- you@example.com
// Grants the admin role to a registered user, or creates a verified admin with a random password.
const email = process.argv[2]?.trim().toLowerCase();
if (!email || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) {
  process.stderr.write('Usage: npm run admin:create -- you@example.com\n');
  process.exit(2);
}

// Loaded only once the address is good: the server's modules take seconds to load, and a usage
// mistake should hear so at once.
const [
  { eq },
  { loadConfig },
  { createLogger },
  { boot },
  { user, userRoles },
  { ADMIN_TWO_FACTOR_NOTE, createVerifiedUser },
] = await Promise.all([
  import('drizzle-orm'),
  import('../src/server/config.ts'),
  import('../src/server/logger.ts'),
  import('../src/server/boot.ts'),
  import('../src/server/db/schema/index.ts'),
  import('../src/server/seed/demo.ts'),
]);

const config = loadConfig();
// Errors only: the server's start-up warnings (card payments in test mode, say) are about serving,
// which this command does not do, and its output is the one line with the password.
const booted = await boot({ config, logger: createLogger('error'), startJobs: false, serveSpa: false });
try {
  const { db } = booted.deps.database;
  const [existing] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
  if (existing) {
    await db.insert(userRoles).values({ userId: existing.id, role: 'admin' }).onConflictDoNothing();
    process.stdout.write(`${email} is now an admin. ${ADMIN_TWO_FACTOR_NOTE}\n`);
  } else {
    const [localPart] = email.split('@');
    const password = await createVerifiedUser(booted.deps, {
      email,
      firstName: localPart ?? 'Admin',
      lastName: 'Admin',
      admin: true,
    });
    process.stdout.write(
      `Created admin ${email} with password ${password} (shown once; change it after signing in). ${ADMIN_TWO_FACTOR_NOTE}\n`,
    );
  }
} finally {
  await booted.shutdown();
}

// A module (for its top-level awaits), though it imports only once the address is good.
export {};
