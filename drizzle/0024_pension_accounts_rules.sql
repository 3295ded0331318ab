-- Rules for the pension tables (migration 0023) that the schema cannot express
-- (docs/decisions/0034-pension-records.md). The owner reads and writes their own rows (RLS in 0023).
GRANT SELECT, INSERT, UPDATE, DELETE ON "pension_accounts", "pension_contributions", "pension_drawdown_events", "pension_transfers" TO app_user;--> statement-breakpoint
-- Each row belongs to its account's owner: a foreign key check ignores row-level security, so
-- without these a user could attach a row to someone else's account.
ALTER TABLE "pension_accounts" ADD CONSTRAINT "pension_accounts_account_owner_fk"
  FOREIGN KEY ("account_id", "user_id") REFERENCES "accounts" ("id", "user_id") ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "pension_contributions" ADD CONSTRAINT "pension_contributions_account_owner_fk"
  FOREIGN KEY ("account_id", "user_id") REFERENCES "accounts" ("id", "user_id") ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "pension_drawdown_events" ADD CONSTRAINT "pension_drawdown_events_account_owner_fk"
  FOREIGN KEY ("account_id", "user_id") REFERENCES "accounts" ("id", "user_id") ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "pension_transfers" ADD CONSTRAINT "pension_transfers_account_owner_fk"
  FOREIGN KEY ("account_id", "user_id") REFERENCES "accounts" ("id", "user_id") ON DELETE CASCADE;--> statement-breakpoint
-- A row never moves to another account or owner.
CREATE FUNCTION pension_rows_guard_owner() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.user_id IS DISTINCT FROM OLD.user_id OR NEW.account_id IS DISTINCT FROM OLD.account_id THEN
    RAISE EXCEPTION 'a pension record cannot move to another account' USING ERRCODE = '42501';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER pension_accounts_guard_owner BEFORE UPDATE ON "pension_accounts"
  FOR EACH ROW EXECUTE FUNCTION pension_rows_guard_owner();--> statement-breakpoint
CREATE TRIGGER pension_contributions_guard_owner BEFORE UPDATE ON "pension_contributions"
  FOR EACH ROW EXECUTE FUNCTION pension_rows_guard_owner();--> statement-breakpoint
CREATE TRIGGER pension_transfers_guard_owner BEFORE UPDATE ON "pension_transfers"
  FOR EACH ROW EXECUTE FUNCTION pension_rows_guard_owner();--> statement-breakpoint
CREATE TRIGGER pension_drawdown_events_guard_owner BEFORE UPDATE ON "pension_drawdown_events"
  FOR EACH ROW EXECUTE FUNCTION pension_rows_guard_owner();
