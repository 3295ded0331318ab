/**
 * Accounts set up through the API, for tests about what the API then says of them (the
 * protection picture, the accounts list's totals, the account page's licence).
 */
import { expect } from 'vitest';
import type { TestServer } from './server.ts';

/** The id of the reference bank called exactly `name`, as the bank picker finds it. */
export async function bankIdNamed(server: TestServer, name: string): Promise<string> {
  const res = await server.request(`/api/reference/banks?q=${encodeURIComponent(name)}`);
  const { banks } = (await res.json()) as { banks: { id: string; bankName: string }[] };
  const bank = banks.find((b) => b.bankName === name);
  if (!bank) throw new Error(`no bank ${name}`);
  return bank.id;
}

/** Adds an account at `bankId` with a starting balance of `pence` (and any other fields in `extra`); its id. */
export async function addAccountAt(
  server: TestServer,
  cookie: string,
  account: { name: string; bankId: string | undefined; pence: number },
  extra: Record<string, unknown> = {},
): Promise<string> {
  const res = await server.request('/api/accounts', {
    method: 'POST',
    cookie,
    json: {
      name: account.name,
      accountNumber: '12345678',
      bankId: account.bankId,
      startingBalancePence: account.pence,
      ...extra,
    },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { account: { id: string } }).account.id;
}
