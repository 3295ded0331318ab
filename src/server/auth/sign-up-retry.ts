import { APIError } from 'better-auth/api';
import { hasSqlState } from '../db/sql-state.ts';

/**
 * The spec's duplicate-key retry on sign-up (000 §4): two sign-ups for one address at the same
 * moment both find no user, and the second insert hits the unique key. Waiting a second and
 * trying again turns the loser into the "already registered" case, which answers exactly like
 * a new sign-up (docs/decisions/0003). Three attempts in all (the spec leaves the number open;
 * see docs/decisions/0013-verified-email-and-sign-in-limits.md).
 */
export const SIGN_UP_MAX_ATTEMPTS = 3;
export const SIGN_UP_RETRY_DELAY_MS = 1000;

/** better-auth reports a failed insert (the unique key among them) as FAILED_TO_CREATE_USER; raw errors carry SQLSTATE 23505. */
export function isDuplicateKeyConflict(err: unknown): boolean {
  if (err instanceof APIError) return (err.body as { code?: string } | undefined)?.code === 'FAILED_TO_CREATE_USER';
  return hasSqlState(err, '23505');
}

export async function retryOnDuplicateKey<T>(
  attempt: () => Promise<T>,
  options: { maxAttempts?: number; delayMs?: number; sleep?: (ms: number) => Promise<void> } = {},
): Promise<T> {
  const maxAttempts = options.maxAttempts ?? SIGN_UP_MAX_ATTEMPTS;
  const delayMs = options.delayMs ?? SIGN_UP_RETRY_DELAY_MS;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  for (let attempts = 1; ; attempts++) {
    try {
      return await attempt();
    } catch (err) {
      if (attempts >= maxAttempts || !isDuplicateKeyConflict(err)) throw err;
      await sleep(delayMs);
    }
  }
}
