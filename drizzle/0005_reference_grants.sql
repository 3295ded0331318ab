-- Reference data is public: every request reads it; writes pass the admin policy (RLS) as well.
-- The start-up loader writes as the login role, outside any request transaction.
GRANT SELECT, INSERT, UPDATE, DELETE ON "banking_groups" TO app_user;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "bank_references" TO app_user;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "isa_providers" TO app_user;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "pension_providers" TO app_user;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "platform_partner_banks" TO app_user;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "protection_limits" TO app_user;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "app_settings" TO app_user;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "admin_review_items" TO app_user;--> statement-breakpoint
-- An admin edit through the API marks the row, so the next data file does not overwrite it.
CREATE FUNCTION mark_reference_row_admin_edited() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('app.is_admin', true) = 'true' THEN
    NEW.admin_edited_at := now();
  END IF;
  NEW.updated_at := now();
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER banking_groups_admin_edit BEFORE UPDATE ON "banking_groups" FOR EACH ROW EXECUTE FUNCTION mark_reference_row_admin_edited();--> statement-breakpoint
CREATE TRIGGER bank_references_admin_edit BEFORE UPDATE ON "bank_references" FOR EACH ROW EXECUTE FUNCTION mark_reference_row_admin_edited();--> statement-breakpoint
CREATE TRIGGER isa_providers_admin_edit BEFORE UPDATE ON "isa_providers" FOR EACH ROW EXECUTE FUNCTION mark_reference_row_admin_edited();--> statement-breakpoint
CREATE TRIGGER pension_providers_admin_edit BEFORE UPDATE ON "pension_providers" FOR EACH ROW EXECUTE FUNCTION mark_reference_row_admin_edited();
