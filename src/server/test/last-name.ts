import { eq } from 'drizzle-orm';
import type { AppDb } from '../db/client.ts';
import { profiles } from '../db/schema/index.ts';

/** The profile's last name as stored (read as the login role), for tests of what a write left. */
export async function lastNameOf(db: AppDb, userId: string): Promise<string | null | undefined> {
  const [row] = await db.select({ lastName: profiles.lastName }).from(profiles).where(eq(profiles.id, userId));
  return row?.lastName;
}
