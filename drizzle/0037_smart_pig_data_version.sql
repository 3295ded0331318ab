-- Smart Pig keeps its answer per user under the saver's data version as the dashboard does
-- (docs/decisions/0039-the-dashboard-answer-cache.md, issue 26). Its statements also read the
-- saver's preferences and their profile's date of birth (the Lifetime ISA's age rule), so a change
-- to either must change the version too. profiles is keyed by the user's id itself, not user_id.
CREATE TRIGGER smart_pig_preferences_data_version_insert AFTER INSERT ON smart_pig_preferences REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_user_data_versions();--> statement-breakpoint
CREATE TRIGGER smart_pig_preferences_data_version_update AFTER UPDATE ON smart_pig_preferences REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_user_data_versions();--> statement-breakpoint
CREATE TRIGGER smart_pig_preferences_data_version_delete AFTER DELETE ON smart_pig_preferences REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_user_data_versions();--> statement-breakpoint
CREATE FUNCTION bump_profile_data_versions() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO user_data_versions AS v (user_id, version)
      SELECT DISTINCT c.id, 1 FROM new_rows c JOIN "user" u ON u.id = c.id ORDER BY 1
      ON CONFLICT (user_id) DO UPDATE SET version = v.version + 1;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO user_data_versions AS v (user_id, version)
      SELECT DISTINCT c.id, 1 FROM old_rows c JOIN "user" u ON u.id = c.id ORDER BY 1
      ON CONFLICT (user_id) DO UPDATE SET version = v.version + 1;
  ELSE
    INSERT INTO user_data_versions AS v (user_id, version)
      SELECT DISTINCT c.id, 1
        FROM (SELECT id FROM new_rows UNION SELECT id FROM old_rows) c JOIN "user" u ON u.id = c.id
        ORDER BY 1
      ON CONFLICT (user_id) DO UPDATE SET version = v.version + 1;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
REVOKE ALL ON FUNCTION bump_profile_data_versions() FROM PUBLIC;--> statement-breakpoint
CREATE TRIGGER profiles_data_version_insert AFTER INSERT ON profiles REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_profile_data_versions();--> statement-breakpoint
CREATE TRIGGER profiles_data_version_update AFTER UPDATE ON profiles REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_profile_data_versions();--> statement-breakpoint
CREATE TRIGGER profiles_data_version_delete AFTER DELETE ON profiles REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_profile_data_versions();
