-- Issue 26: an entry's account and owner are held by one foreign key, not three. Every
-- transaction has had transactions_account_owner_fk since migration 0007: (account_id, user_id)
-- must be an account of that user, deleted with it. That key implies the two single-column keys
-- dropped here. The account exists because the pair names it. The user exists because
-- accounts.user_id references "user", and deleting a user deletes their accounts and, through
-- the pair, their entries. Each key checked every inserted entry by a query that also locked the
-- parent row: the account's row twice, and the user's row, a write to it at every deposit. Two
-- keys fewer: 1,622,657 → 1,531,392 instructions a deposit (npm run bench:deposit-instructions,
-- -5.6%). The refusals are the same: an entry for a missing account, or for another user's
-- account, still fails with 23503 (src/server/accounts/account-rules.test.ts). An older
-- instance is unaffected: dropping a key refuses nothing it writes.
--
-- Dropping a key locks the entries and the table it references: its release's tables are
-- locked first, all at once (lock_for_migration, migration 0059).
SELECT lock_for_migration(ARRAY['user', 'accounts', 'transactions', 'account_monthly_totals']);--> statement-breakpoint
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_account_id_accounts_id_fk",
  DROP CONSTRAINT "transactions_user_id_user_id_fk";
