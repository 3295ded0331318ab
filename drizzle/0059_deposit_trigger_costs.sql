-- Issue 26: two costs of every deposit that bought nothing, counted in instructions (npm run
-- bench:deposit-instructions: callgrind, one PostgreSQL backend adding 200 deposits to a copy of
-- the mixed bench's data, the same count run to run): 2,138,336 instructions a deposit before,
-- 1,758,889 after (-17.7%); each change alone, counted the same way as the superuser, about 6%
-- and 7%.
--
-- 1. The balance trigger locked its accounts with "id = ANY (touched)", and PostgreSQL planned
--    that statement anew at every write (a breakpoint on the planner: once a deposit, where the
--    function's other statements keep their plans for the session). Locking one account at a
--    time, in the same id order, is a look-up by one id whose plan is kept (-6%). Nothing else
--    in the function changes (the update and delete branches now sort their accounts in so many
--    words): the same balances, ledger versions and entry dates as 0058.
--
-- 2. account_monthly_totals is written by nothing but the transactions' own triggers (app_user may
--    only read it, 0009) and by cascades from deleting an account or a user, and each of those
--    statements bumps the user's data version through its own table's trigger in the same
--    statement. Its three version triggers bumped nothing that statement would not (0053's
--    bump_user_data_versions bumps a user once a transaction, whichever trigger comes first),
--    yet each deposit ran their SECURITY DEFINER function and its query (-7%). They go; the test that holds
--    every table a kept answer reads to a version trigger counts this table as derived from
--    transactions, and checks that nothing else can write it (src/server/test/tables-read.ts,
--    docs/decisions/0079-derived-tables-bump-through-their-source.md).
--
-- An older instance is unaffected: it neither reads nor writes anything that changes here.
-- Every migration runs in one transaction with the others applied at the same start, and each
-- change to a table locks it until that transaction ends. Taking those locks one migration at a
-- time, while requests of the instances still running hold some of the same tables and wait
-- for others, is a deadlock, and PostgreSQL ends one side: an older instance's request (a 500)
-- or the migration (the new instance does not start). src/server/db/rolling-upgrade.test.ts
-- saw both. So, from here on, a migration that changes a table requests use first takes every
-- such table it and its release's later migrations change, all at once, with
-- lock_for_migration: an attempt waits at most 50 ms for each table's lock, well inside the
-- second a request waits before PostgreSQL looks for a deadlock, and an attempt that cannot have
-- them all gives back what it took and tries again a little later, for up to 20 s (inside the
-- pool's 30 s statement timeout, so a migration that cannot have them says so). Once one
-- migration has them, the next ones' calls return at once. src/server/db/migration-safety.ts refuses a change to an
-- existing table that its migration has not locked this way first.
CREATE FUNCTION lock_for_migration(tables text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  listed text := (SELECT string_agg(format('%I', t), ', ') FROM unnest(tables) AS t);
  waited_before text := current_setting('lock_timeout');
  give_up_at timestamptz := clock_timestamp() + interval '20 seconds';
  attempt int := 0;
BEGIN
  WHILE clock_timestamp() < give_up_at LOOP
    attempt := attempt + 1;
    BEGIN
      -- A failed attempt's end undoes the setting with its locks; a kept one sets it back.
      PERFORM set_config('lock_timeout', '50ms', true);
      EXECUTE 'LOCK TABLE ' || listed || ' IN ACCESS EXCLUSIVE MODE';
      PERFORM set_config('lock_timeout', waited_before, true);
      RETURN;
    EXCEPTION WHEN lock_not_available THEN
      PERFORM pg_sleep(0.01 * least(attempt, 20));
    END;
  END LOOP;
  RAISE EXCEPTION 'a migration could not lock % in 20 s (% attempts)', listed, attempt
    USING ERRCODE = 'lock_not_available';
END $$;--> statement-breakpoint
REVOKE ALL ON FUNCTION lock_for_migration(text[]) FROM PUBLIC;--> statement-breakpoint
SELECT lock_for_migration(ARRAY['user', 'accounts', 'transactions', 'account_monthly_totals']);--> statement-breakpoint
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
    SELECT array_agg(DISTINCT account_id ORDER BY account_id) INTO touched FROM old_rows;
  ELSE
    SELECT array_agg(DISTINCT account_id ORDER BY account_id) INTO touched
      FROM (SELECT account_id FROM new_rows UNION SELECT account_id FROM old_rows) changed;
  END IF;
  IF touched IS NULL THEN
    RETURN NULL;
  END IF;
  -- The lock comes before the statements below read anything: each then sees what a writer it
  -- waited for committed (READ COMMITTED), even for one account. One account at a time, in id
  -- order (each branch above sorts them): a look-up by one id keeps its plan for the session;
  -- "id = ANY (touched)" was planned anew at every write.
  FOREACH account IN ARRAY touched LOOP
    PERFORM 1 FROM accounts WHERE id = account FOR NO KEY UPDATE;
  END LOOP;
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
END $$;--> statement-breakpoint
DROP TRIGGER account_monthly_totals_data_version_insert ON account_monthly_totals;--> statement-breakpoint
DROP TRIGGER account_monthly_totals_data_version_update ON account_monthly_totals;--> statement-breakpoint
DROP TRIGGER account_monthly_totals_data_version_delete ON account_monthly_totals;
