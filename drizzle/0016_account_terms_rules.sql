-- Rules for account_terms (0015) that the schema cannot express. The owner reads and writes their
-- own terms (row-level security in 0015 keeps them to their rows).
GRANT SELECT, INSERT, UPDATE, DELETE ON "account_terms" TO app_user;--> statement-breakpoint

-- A term belongs to the owner of its account: a foreign key check ignores row-level security, so
-- without this a user could attach a term to someone else's account (as for transactions, 0007).
ALTER TABLE "account_terms" ADD CONSTRAINT "account_terms_account_owner_fk"
  FOREIGN KEY ("account_id", "user_id") REFERENCES "accounts" ("id", "user_id") ON DELETE CASCADE;--> statement-breakpoint

-- A term never moves to another account or owner.
CREATE FUNCTION account_terms_guard_owner() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.user_id IS DISTINCT FROM OLD.user_id OR NEW.account_id IS DISTINCT FROM OLD.account_id THEN
    RAISE EXCEPTION 'a term cannot move to another account' USING ERRCODE = '42501';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER account_terms_guard_owner BEFORE UPDATE ON "account_terms"
  FOR EACH ROW EXECUTE FUNCTION account_terms_guard_owner();
