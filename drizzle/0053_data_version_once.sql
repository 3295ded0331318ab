-- Issue 26: a user's data version rises once per transaction, not once per statement. A deposit
-- wrote three tables (the entry, its account's balance, the month's totals), so it bumped the
-- same row three times, and from the second time on PostgreSQL also checked the row's foreign key
-- (a row this transaction already wrote is checked again). The kept answers are keyed by the
-- version the session opening reads before the request's own writes (docs/decisions/0039), so
-- what matters is that each committed transaction that changes a user's rows leaves a new
-- version; how many steps it rose by does not. The users bumped so far are kept in a
-- transaction-local setting: it ends with the transaction, and a rolled-back savepoint takes its
-- own additions with it (its bumps were undone too). Nothing an older instance relies on
-- changes: the same triggers, the same versions read the same way. CREATE OR REPLACE keeps the
-- function's owner and privileges (0032 revoked it from PUBLIC).
CREATE OR REPLACE FUNCTION bump_user_data_versions() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  bumped text[] := coalesce(nullif(current_setting('app.user_data_versions_bumped', true), '')::text[], '{}');
  changed text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT c.user_id) INTO changed FROM new_rows c WHERE c.user_id <> ALL (bumped);
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT c.user_id) INTO changed FROM old_rows c WHERE c.user_id <> ALL (bumped);
  ELSE
    SELECT array_agg(DISTINCT c.user_id) INTO changed
      FROM (SELECT user_id FROM new_rows UNION SELECT user_id FROM old_rows) c WHERE c.user_id <> ALL (bumped);
  END IF;
  IF changed IS NULL THEN
    RETURN NULL;
  END IF;
  -- Row locks in user id order (a standing-order batch touches many users). A user whose "user"
  -- row is already gone (a cascade from deleting the user) gets no row: the foreign key would
  -- refuse it, and nobody can ask for that user's answers again.
  INSERT INTO user_data_versions AS v (user_id, version)
    SELECT u.id, 1 FROM "user" u WHERE u.id = ANY (changed) ORDER BY 1
    ON CONFLICT (user_id) DO UPDATE SET version = v.version + 1;
  PERFORM set_config('app.user_data_versions_bumped', (bumped || changed)::text, true);
  RETURN NULL;
END $$;
