-- Issue 27: the importer's runs and its audit trail are the admins' alone (RLS: admin requests).
GRANT SELECT, INSERT, UPDATE, DELETE ON "reference_import_runs" TO app_user;--> statement-breakpoint
GRANT SELECT, INSERT ON "reference_change_audit" TO app_user;--> statement-breakpoint
-- An admin's edit by hand marks the row, so a later import flags its own values as a conflict
-- instead of overwriting them. What the importer writes for an admin (an import, an approved
-- review item) is the source's data, not an edit: it says so with app.reference_import.
CREATE OR REPLACE FUNCTION mark_reference_row_admin_edited() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('app.is_admin', true) = 'true'
     AND coalesce(current_setting('app.reference_import', true), '') <> 'true' THEN
    NEW.admin_edited_at := now();
  END IF;
  NEW.updated_at := now();
  RETURN NEW;
END $$;
