-- Issue 26: the balance trigger's insert branch (0052, 0056) as three small statements per account
-- instead of one. The one statement joined the insert's transition table to a lateral look-up of
-- the latest statement and two aggregates; it was half of what a deposit cost PostgreSQL. Measured
-- with pgbench on a copy of the mixed bench's data (8 clients adding one deposit each, two cores,
-- interleaved): 1,040 and 862 transactions a second before, 1,887 and 1,461 with this body; with
-- the trigger doing nothing at all, 2,814. Per account touched, in id order as before: the latest
-- statement (a plain index look-up, its plan kept for the session), what the account's new
-- entries after it add and their first and last dates (one pass over the transition table), and
-- the account's update. The same rule as 0052, so the same balances, ledger versions and entry
-- dates; an update or a delete, or an insert holding a statement, recomputes as before. The
-- accounts are still locked first, all of them in id order, so each statement below reads what
-- a writer it waited for committed (READ COMMITTED: each statement here has a fresh snapshot).
-- Nothing an older instance relies on changes: the same trigger, the same figures.
CREATE OR REPLACE FUNCTION transactions_apply_to_balance() RETURNS trigger LANGUAGE plpgsql AS $$
-- A column added later under one of these variables' names must not make every deposit fail as
-- ambiguous: the names below always mean the variables.
#variable_conflict use_variable
DECLARE
  touched uuid[];
  adds_only boolean := false;
  account uuid;
  statement_date date;
  statement_created_at timestamptz;
  statement_id uuid;
  added_pence bigint;
  first_date date;
  last_date date;
BEGIN
  IF TG_OP = 'INSERT' THEN
    -- Whether the insert holds no statement, read with the accounts (one query fewer a write).
    SELECT array_agg(DISTINCT account_id ORDER BY account_id), bool_and(type NOT IN ('opening_balance', 'balance_update'))
      INTO touched, adds_only FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT account_id) INTO touched FROM old_rows;
  ELSE
    SELECT array_agg(DISTINCT account_id) INTO touched
      FROM (SELECT account_id FROM new_rows UNION SELECT account_id FROM old_rows) changed;
  END IF;
  IF touched IS NULL THEN
    RETURN NULL;
  END IF;
  -- The lock comes before the statements below read anything: each then sees what a writer it
  -- waited for committed (READ COMMITTED), even for one account.
  PERFORM 1 FROM accounts WHERE id = ANY (touched) ORDER BY id FOR NO KEY UPDATE;
  IF adds_only THEN
    FOREACH account IN ARRAY touched LOOP
      -- No statement: all three are null, and every new entry counts.
      SELECT s.date, s.created_at, s.id INTO statement_date, statement_created_at, statement_id
        FROM transactions s
       WHERE s.account_id = account AND s.type IN ('opening_balance', 'balance_update')
       ORDER BY s.date DESC NULLS LAST, s.created_at DESC NULLS LAST, s.id DESC NULLS LAST
       LIMIT 1;
      SELECT coalesce(sum(n.amount_pence) FILTER (
               WHERE statement_id IS NULL
                  OR (n.date, n.created_at, n.id) > (statement_date, statement_created_at, statement_id)), 0),
             min(n.date), max(n.date)
        INTO added_pence, first_date, last_date
        FROM new_rows n
       WHERE n.account_id = account;
      UPDATE accounts a SET balance_pence = a.balance_pence + added_pence, ledger_version = a.ledger_version + 1,
             first_entry_date = least(a.first_entry_date, first_date),
             latest_entry_date = greatest(a.latest_entry_date, last_date)
       WHERE a.id = account;
    END LOOP;
  ELSE
    UPDATE accounts a SET balance_pence = account_balance_by_rule(a.id), ledger_version = a.ledger_version + 1,
           first_entry_date = (SELECT min(t.date) FROM transactions t WHERE t.account_id = a.id),
           latest_entry_date = (SELECT max(t.date) FROM transactions t WHERE t.account_id = a.id)
      WHERE a.id = ANY (touched);
  END IF;
  RETURN NULL;
END $$;
