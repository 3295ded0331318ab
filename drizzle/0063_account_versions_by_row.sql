-- Issue 26: an account's edit bumps its owner's data version from a row trigger that leaves out
-- the balance trigger's updates, instead of a statement trigger with transition tables
-- (docs/decisions/0082-account-versions-by-row.md). Every deposit updates its account (the balance,
-- the ledger version, the entry dates), and the statement trigger made PostgreSQL copy each
-- updated account row, in full, into the update's transition tables, then ran a function to read
-- them back. Those updates bump nothing the transactions' own version trigger, which runs in the
-- same statement for the same savers, does not already bump. A deposit 1,415,006 → 1,332,048
-- instructions (npm run bench:deposit-instructions).
--
-- The balance trigger's update is told apart by its ledger version: it always raises it, and
-- nothing else does (accounts_guard_balance refuses it to any statement no trigger made). Every other
-- update still bumps: an edit, and the updates foreign keys make (a deleted bank reference or
-- banking group sets the account's link to null). Once per saver per transaction, as before
-- (migration 0053): the same transaction-local list of savers bumped. An older instance is
-- unaffected: the same versions rise for the same writes.
-- Its release's tables first, all at once (lock_for_migration, migration 0059): 0062 and 0063
-- go out together, and each taking its own table in turn would deadlock with running requests.
SELECT lock_for_migration(ARRAY['accounts', 'transactions']);--> statement-breakpoint
CREATE FUNCTION bump_user_data_version_of_row() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  bumped text[] := coalesce(nullif(current_setting('app.user_data_versions_bumped', true), '')::text[], '{}');
BEGIN
  IF NEW.user_id = ANY (bumped) THEN
    RETURN NULL;
  END IF;
  -- A saver whose "user" row is already gone gets no row, as in bump_user_data_versions.
  INSERT INTO user_data_versions AS v (user_id, version)
    SELECT u.id, 1 FROM "user" u WHERE u.id = NEW.user_id
    ON CONFLICT (user_id) DO UPDATE SET version = v.version + 1;
  PERFORM set_config('app.user_data_versions_bumped', (bumped || NEW.user_id)::text, true);
  RETURN NULL;
END $$;--> statement-breakpoint
REVOKE ALL ON FUNCTION bump_user_data_version_of_row() FROM PUBLIC;--> statement-breakpoint
DROP TRIGGER accounts_data_version_update ON accounts;--> statement-breakpoint
CREATE TRIGGER accounts_data_version_update AFTER UPDATE ON accounts
  FOR EACH ROW WHEN (OLD.ledger_version IS NOT DISTINCT FROM NEW.ledger_version)
  EXECUTE FUNCTION bump_user_data_version_of_row();
