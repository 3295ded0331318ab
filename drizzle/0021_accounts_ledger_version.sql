ALTER TABLE "accounts" ADD COLUMN "ledger_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Every write to an account's transactions bumps its ledger version, in the statement trigger
-- that already locks the account and recomputes its balance (0014): what was computed from the
-- transactions (the dashboard's balance line) is still true while the versions are unchanged.
CREATE OR REPLACE FUNCTION transactions_apply_to_balance() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT account_id) INTO touched FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT account_id) INTO touched FROM old_rows;
  ELSE
    SELECT array_agg(DISTINCT account_id) INTO touched
      FROM (SELECT account_id FROM new_rows UNION SELECT account_id FROM old_rows) changed;
  END IF;
  IF touched IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM 1 FROM accounts WHERE id = ANY (touched) ORDER BY id FOR NO KEY UPDATE;
  UPDATE accounts a SET balance_pence = account_balance_by_rule(a.id), ledger_version = a.ledger_version + 1
    WHERE a.id = ANY (touched);
  RETURN NULL;
END $$;--> statement-breakpoint

-- The ledger version, like the balance, follows the transactions: nobody sets it.
CREATE OR REPLACE FUNCTION accounts_guard_balance() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.balance_pence := 0;
    NEW.ledger_version := 0;
  ELSIF NEW.balance_pence IS DISTINCT FROM OLD.balance_pence
        AND pg_trigger_depth() < 2
        AND coalesce(current_setting('app.balance_recalculation', true), '') <> 'on' THEN
    RAISE EXCEPTION 'an account balance follows its transactions and cannot be set' USING ERRCODE = '42501';
  ELSIF NEW.ledger_version IS DISTINCT FROM OLD.ledger_version AND pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION 'an account''s ledger version follows its transactions and cannot be set' USING ERRCODE = '42501';
  END IF;
  IF TG_OP = 'UPDATE' AND (NEW.user_id IS DISTINCT FROM OLD.user_id) THEN
    RAISE EXCEPTION 'an account cannot change owner' USING ERRCODE = '42501';
  END IF;
  RETURN NEW;
END $$;
