-- The user's pension records by user: the pension view reads the user's other records (their
-- flexible access day and incomes) with `user_id = $1`, which had no index to use, so every read of
-- the notifications and every daily digest scanned all users' pension records (row-level security
-- then dropped the others'). Expand only: an older instance never reads the index.
CREATE INDEX "pension_accounts_user_idx" ON "pension_accounts" USING btree ("user_id");