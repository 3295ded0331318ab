-- Rules for the identity tables of migration 0002 that the schema cannot express.

-- Every existing user gets a settings row (new users get one from the user-created hook).
INSERT INTO "user_settings" ("user_id", "two_factor_enabled")
  SELECT "id", "two_factor_enabled" FROM "user" ON CONFLICT DO NOTHING;--> statement-breakpoint

-- A signed-in user may change only their own preferences; the account cap, feature flags and
-- suspension are an admin's, and the two-factor flag mirrors "user" (written by the auth layer).
CREATE OR REPLACE FUNCTION user_settings_guard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  is_admin boolean := coalesce(current_setting('app.is_admin', true), '') = 'true';
BEGIN
  IF current_user <> 'app_user' THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'INSERT' THEN
    IF NOT is_admin THEN
      RAISE EXCEPTION 'user_settings rows are created by the server' USING ERRCODE = '42501';
    END IF;
    RETURN NEW;
  END IF;
  IF NEW.user_id IS DISTINCT FROM OLD.user_id
     OR NEW.two_factor_enabled IS DISTINCT FROM OLD.two_factor_enabled THEN
    RAISE EXCEPTION 'user_settings.user_id and two_factor_enabled cannot be changed here' USING ERRCODE = '42501';
  END IF;
  IF NOT is_admin AND (
       NEW.max_accounts, NEW.is_ad_free, NEW.has_isas, NEW.has_pensions, NEW.has_maturity_calculator,
       NEW.has_maturity_notifications, NEW.has_rss_news, NEW.has_pension_calculator, NEW.has_open_banking,
       NEW.suspended, NEW.suspension_reason
     ) IS DISTINCT FROM (
       OLD.max_accounts, OLD.is_ad_free, OLD.has_isas, OLD.has_pensions, OLD.has_maturity_calculator,
       OLD.has_maturity_notifications, OLD.has_rss_news, OLD.has_pension_calculator, OLD.has_open_banking,
       OLD.suspended, OLD.suspension_reason
     ) THEN
    RAISE EXCEPTION 'only an admin may change account limits, features or suspension' USING ERRCODE = '42501';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER user_settings_guard BEFORE INSERT OR UPDATE ON "user_settings"
  FOR EACH ROW EXECUTE FUNCTION user_settings_guard();--> statement-breakpoint

CREATE OR REPLACE FUNCTION mirror_two_factor_enabled() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "user_settings" SET "two_factor_enabled" = NEW."two_factor_enabled", "updated_at" = now()
    WHERE "user_id" = NEW."id";
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER user_two_factor_mirror AFTER UPDATE OF "two_factor_enabled" ON "user"
  FOR EACH ROW WHEN (OLD."two_factor_enabled" IS DISTINCT FROM NEW."two_factor_enabled")
  EXECUTE FUNCTION mirror_two_factor_enabled();--> statement-breakpoint

-- Suspending a user ends every session at once, whoever sets the flag. SECURITY DEFINER because
-- app_user (an admin's request) has no grant on "session".
CREATE OR REPLACE FUNCTION end_sessions_of_suspended_user() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  DELETE FROM "session" WHERE "user_id" = NEW."user_id";
  RETURN NEW;
END $$;--> statement-breakpoint
REVOKE ALL ON FUNCTION end_sessions_of_suspended_user() FROM PUBLIC;--> statement-breakpoint
CREATE TRIGGER user_settings_suspension AFTER UPDATE OF "suspended" ON "user_settings"
  FOR EACH ROW WHEN (NEW."suspended" AND NOT OLD."suspended")
  EXECUTE FUNCTION end_sessions_of_suspended_user();--> statement-breakpoint

GRANT SELECT, INSERT, UPDATE, DELETE ON "user_settings" TO app_user;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "presence" TO app_user;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "stored_files" TO app_user;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON "consent_audit_log" TO app_user;--> statement-breakpoint
GRANT USAGE ON SEQUENCE "consent_audit_log_id_seq" TO app_user;
