-- The versions the dashboard's kept answers are keyed by (docs/decisions/0039-the-dashboard-answer-cache.md).
-- app_user reads them (row-level security in 0031: a user their own row) and writes nothing:
-- only the statement triggers below change them, running as the tables' owner (SECURITY DEFINER).
GRANT SELECT ON "user_data_versions" TO app_user;--> statement-breakpoint
GRANT SELECT ON "reference_data_version" TO app_user;--> statement-breakpoint
INSERT INTO "reference_data_version" ("id", "version") VALUES (1, 0);--> statement-breakpoint

-- Each statement that changes a user's rows bumps each distinct user's version once (statement
-- triggers with transition tables: an import of thousands of transactions is one UPDATE per
-- user, not one per row), in the writer's own transaction, so the new version commits with the
-- change. Row locks are taken in user id order (a standing-order batch touches many users). A
-- user whose "user" row is already gone (a cascade from deleting the user) gets no row: the
-- foreign key would refuse it, and nobody can ask for that user's dashboard again.
CREATE FUNCTION bump_user_data_versions() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO user_data_versions AS v (user_id, version)
      SELECT DISTINCT c.user_id, 1 FROM new_rows c JOIN "user" u ON u.id = c.user_id ORDER BY 1
      ON CONFLICT (user_id) DO UPDATE SET version = v.version + 1;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO user_data_versions AS v (user_id, version)
      SELECT DISTINCT c.user_id, 1 FROM old_rows c JOIN "user" u ON u.id = c.user_id ORDER BY 1
      ON CONFLICT (user_id) DO UPDATE SET version = v.version + 1;
  ELSE
    INSERT INTO user_data_versions AS v (user_id, version)
      SELECT DISTINCT c.user_id, 1
        FROM (SELECT user_id FROM new_rows UNION SELECT user_id FROM old_rows) c JOIN "user" u ON u.id = c.user_id
        ORDER BY 1
      ON CONFLICT (user_id) DO UPDATE SET version = v.version + 1;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
REVOKE ALL ON FUNCTION bump_user_data_versions() FROM PUBLIC;--> statement-breakpoint

-- The reference data the protection picture reads: one version for everyone, bumped by any
-- statement that changes a row (an admin's edit, the loader, the FSCS override). Rare writes.
CREATE FUNCTION bump_reference_data_version() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  -- Each branch reads only the transition table its trigger names.
  IF TG_OP = 'DELETE' THEN
    IF EXISTS (SELECT 1 FROM old_rows) THEN
      UPDATE reference_data_version SET version = version + 1 WHERE id = 1;
    END IF;
  ELSIF EXISTS (SELECT 1 FROM new_rows) THEN
    UPDATE reference_data_version SET version = version + 1 WHERE id = 1;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
REVOKE ALL ON FUNCTION bump_reference_data_version() FROM PUBLIC;--> statement-breakpoint

-- The triggers, one per event (a trigger with transition tables has one event), on every table a
-- dashboard statement reads (src/server/dashboard/queries.ts, the accounts statement in
-- src/server/accounts/queries.ts and the balance line's): a test EXPLAINs the statements and fails
-- for a table without them (src/server/dashboard/oracle.test.ts). account_monthly_totals follows
-- transactions in the same statement; it has its own anyway. protection_limits is not read by the
-- picture today (core carries the dated limits); it is the data's copy of them, and a version
-- that follows it costs nothing.
DO $$
DECLARE
  t text;
  bump text;
BEGIN
  FOREACH t IN ARRAY ARRAY['accounts', 'transactions', 'standing_orders', 'account_monthly_totals',
    'protection_alert_dismissals', 'isa_accounts', 'pension_accounts', 'user_settings',
    'bank_references', 'banking_groups', 'isa_providers', 'pension_providers', 'app_settings', 'protection_limits']
  LOOP
    bump := CASE WHEN t IN ('bank_references', 'banking_groups', 'isa_providers', 'pension_providers',
      'app_settings', 'protection_limits') THEN 'bump_reference_data_version' ELSE 'bump_user_data_versions' END;
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION %I()', t || '_data_version_insert', t, bump);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION %I()', t || '_data_version_update', t, bump);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION %I()', t || '_data_version_delete', t, bump);
  END LOOP;
END $$;
