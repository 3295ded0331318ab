-- Issue 26: the transactions' two rules move from CHECK constraints into a row trigger of their
-- own, as migration 0060 did for the accounts' five (docs/decisions/0081-transaction-rules-in-a-row-trigger.md).
-- PostgreSQL keeps a check constraint as stored text and parses it again at every statement that
-- writes the table: for these two, about 150,000 instructions at every deposit, and the trigger
-- that checks the same rules costs about 36,000 (npm run bench:deposit-instructions: a deposit
-- 1,531,397 → 1,415,006). The same rules, refused as before: SQLSTATE 23514 (check_violation),
-- the constraint's name and table on the error, PostgreSQL's own message, the two in the order
-- PostgreSQL checked them (by name). A rule passes when it is unknown (a null), as a CHECK does.
-- The trigger is the table's only BEFORE trigger, so nothing changes the row after it has checked
-- it. An older instance is unaffected: it writes the same rows and gets the same refusals.
-- Its release's tables first, all at once (lock_for_migration, migration 0059): 0062 and 0063
-- go out together, and each taking its own table in turn would deadlock with running requests.
SELECT lock_for_migration(ARRAY['accounts', 'transactions']);--> statement-breakpoint
CREATE FUNCTION transactions_guard_rules() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  broken text;
BEGIN
  -- The first rule the row breaks, if any.
  broken := CASE
    WHEN NOT (NEW.standing_order_id IS NULL OR NEW.occurrence_date IS NOT NULL)
      THEN 'transactions_order_has_occurrence'
    WHEN NOT ((NEW.type IN ('withdrawal', 'fee') AND NEW.amount_pence <= 0)
           OR (NEW.type = 'opening_balance' AND NEW.amount_pence >= 0)
           OR (NEW.type IN ('deposit', 'interest') AND NEW.amount_pence >= 0)
           OR NEW.type = 'balance_update')
      THEN 'transactions_sign_matches_type'
  END;
  IF broken IS NOT NULL THEN
    RAISE EXCEPTION 'new row for relation "transactions" violates check constraint "%"', broken
      USING ERRCODE = 'check_violation', CONSTRAINT = broken, TABLE = 'transactions', SCHEMA = 'public';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER transactions_guard_rules BEFORE INSERT OR UPDATE ON transactions
  FOR EACH ROW EXECUTE FUNCTION transactions_guard_rules();--> statement-breakpoint
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_sign_matches_type",
  DROP CONSTRAINT "transactions_order_has_occurrence";
