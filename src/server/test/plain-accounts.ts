/**
 * `count` bare accounts ('Saver 0', 'Saver 1', …) for `userId`, written straight into the table by
 * a login that may (process tests that need accounts but are not about the accounts API); their ids
 * in name order.
 */
export async function insertPlainAccounts(
  client: { query: <R extends Record<string, unknown>>(text: string, values: unknown[]) => Promise<{ rows: R[] }> },
  userId: string,
  count: number,
): Promise<string[]> {
  const { rows } = await client.query<{ id: string }>(
    `insert into accounts (user_id, name, account_number)
     select $1, 'Saver ' || i, '1234' from generate_series(0, $2::int - 1) as i
     order by i
     returning id`,
    [userId, count],
  );
  return rows.map((row) => row.id);
}
