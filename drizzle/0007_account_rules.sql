-- Rules for the account tables of migration 0006 that the schema cannot express.
-- docs/decisions/0017-balance-is-the-sum.md explains the balance triggers.
GRANT SELECT, INSERT, UPDATE, DELETE ON "accounts" TO app_user;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "transactions" TO app_user;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "standing_orders" TO app_user;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "account_types" TO app_user;--> statement-breakpoint

-- A transaction or standing order belongs to the owner of its account: a foreign key check
-- ignores row-level security, so without these a user could attach a row to someone else's account.
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_id_user_unique" UNIQUE ("id", "user_id");--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_account_owner_fk"
  FOREIGN KEY ("account_id", "user_id") REFERENCES "accounts" ("id", "user_id") ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "standing_orders" ADD CONSTRAINT "standing_orders_account_owner_fk"
  FOREIGN KEY ("account_id", "user_id") REFERENCES "accounts" ("id", "user_id") ON DELETE CASCADE;--> statement-breakpoint
-- A standing-order payment lands on the order's own account.
ALTER TABLE "standing_orders" ADD CONSTRAINT "standing_orders_id_account_unique" UNIQUE ("id", "account_id");--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_standing_order_account_fk"
  FOREIGN KEY ("standing_order_id", "account_id") REFERENCES "standing_orders" ("id", "account_id")
  ON DELETE SET NULL ("standing_order_id");--> statement-breakpoint

-- The balance is the sum of the account's transactions. Each statement that changes
-- transactions adds its net change per account to the account row in the same transaction;
-- the row lock taken by that UPDATE serialises concurrent writers on one account, and
-- `balance_pence + delta` is re-read after the lock, so concurrent inserts never lose an update.
CREATE FUNCTION transactions_apply_to_balance() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE accounts a SET balance_pence = a.balance_pence + d.delta
      FROM (SELECT account_id, sum(amount_pence) AS delta FROM new_rows GROUP BY account_id ORDER BY account_id) d
      WHERE a.id = d.account_id AND d.delta <> 0;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE accounts a SET balance_pence = a.balance_pence - d.delta
      FROM (SELECT account_id, sum(amount_pence) AS delta FROM old_rows GROUP BY account_id ORDER BY account_id) d
      WHERE a.id = d.account_id AND d.delta <> 0;
  ELSE
    UPDATE accounts a SET balance_pence = a.balance_pence + d.delta
      FROM (
        SELECT account_id, sum(amount) AS delta FROM (
          SELECT account_id, amount_pence AS amount FROM new_rows
          UNION ALL
          SELECT account_id, -amount_pence FROM old_rows
        ) changes GROUP BY account_id ORDER BY account_id
      ) d
      WHERE a.id = d.account_id AND d.delta <> 0;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER transactions_balance_insert AFTER INSERT ON "transactions"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transactions_apply_to_balance();--> statement-breakpoint
CREATE TRIGGER transactions_balance_update AFTER UPDATE ON "transactions"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transactions_apply_to_balance();--> statement-breakpoint
CREATE TRIGGER transactions_balance_delete AFTER DELETE ON "transactions"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION transactions_apply_to_balance();--> statement-breakpoint

-- Nothing but those triggers (or a recalculation that sets app.balance_recalculation) writes a
-- balance: a new account starts at zero and a direct UPDATE of balance_pence is refused.
CREATE FUNCTION accounts_guard_balance() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.balance_pence := 0;
  ELSIF NEW.balance_pence IS DISTINCT FROM OLD.balance_pence
        AND pg_trigger_depth() < 2
        AND coalesce(current_setting('app.balance_recalculation', true), '') <> 'on' THEN
    RAISE EXCEPTION 'an account balance is the sum of its transactions and cannot be set' USING ERRCODE = '42501';
  END IF;
  IF TG_OP = 'UPDATE' AND (NEW.user_id IS DISTINCT FROM OLD.user_id) THEN
    RAISE EXCEPTION 'an account cannot change owner' USING ERRCODE = '42501';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER accounts_guard_balance BEFORE INSERT OR UPDATE ON "accounts"
  FOR EACH ROW EXECUTE FUNCTION accounts_guard_balance();--> statement-breakpoint

-- Recomputes an account's balance from its transactions (the detail page's "Balance
-- recalculated" action; with the triggers above it can only confirm the figure).
CREATE FUNCTION recalculate_account_balance(target uuid) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  total bigint;
BEGIN
  PERFORM 1 FROM accounts WHERE id = target FOR UPDATE;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  SELECT coalesce(sum(amount_pence), 0) INTO total FROM transactions WHERE account_id = target;
  PERFORM set_config('app.balance_recalculation', 'on', true);
  UPDATE accounts SET balance_pence = total WHERE id = target;
  PERFORM set_config('app.balance_recalculation', '', true);
  RETURN total;
END $$;--> statement-breakpoint

-- The account types a new installation starts with (admins add, rename, reorder and retire them).
INSERT INTO "account_types" ("name", "description", "sort_order") VALUES
  ('Savings', 'Easy-access or instant-access savings account', 1),
  ('Current', 'Everyday current account', 2),
  ('Bond', 'Fixed-rate bond: money locked in for a fixed term', 3),
  ('Fixed Term Deposit', 'Deposit held for a fixed term at a fixed rate', 4),
  ('Notice Saver', 'Savings account that needs notice before a withdrawal', 5),
  ('Regular Saver', 'Savings account for a fixed monthly deposit', 6),
  ('Cash ISA', 'Tax-free cash savings (ISA)', 7),
  ('Stocks and Shares ISA', 'Tax-free investments (ISA)', 8),
  ('Lifetime ISA', 'Tax-free savings for a first home or later life, with a 25% government bonus', 9),
  ('Junior ISA', 'Tax-free savings for a child', 10),
  ('Innovative Finance ISA', 'Tax-free peer-to-peer lending (ISA)', 11),
  ('Personal Pension', 'A pension you set up yourself', 12),
  ('Workplace Pension', 'A pension through your employer', 13),
  ('SIPP', 'Self-invested personal pension', 14);
