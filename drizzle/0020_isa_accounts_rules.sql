-- Rules for isa_accounts (migration 0019) that the schema cannot express
-- (docs/decisions/0030-isa-records.md). The owner reads and writes their own rows (RLS in 0019).
GRANT SELECT, INSERT, UPDATE, DELETE ON "isa_accounts" TO app_user;--> statement-breakpoint
-- An ISA record belongs to its account's owner: a foreign key check ignores row-level security,
-- so without this a user could attach a record to someone else's account.
ALTER TABLE "isa_accounts" ADD CONSTRAINT "isa_accounts_account_owner_fk"
  FOREIGN KEY ("account_id", "user_id") REFERENCES "accounts" ("id", "user_id") ON DELETE CASCADE;
