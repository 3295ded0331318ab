CREATE TABLE "admin_audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"admin_id" text NOT NULL,
	"admin_email" text NOT NULL,
	"action" text NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "admin_audit_log" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE INDEX "admin_audit_log_created_idx" ON "admin_audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "admin_audit_log_subject_idx" ON "admin_audit_log" USING btree ("subject_type","subject_id","created_at");--> statement-breakpoint
CREATE POLICY "admin_audit_log_admin_read" ON "admin_audit_log" AS PERMISSIVE FOR SELECT TO "app_user" USING (current_setting('app.is_admin', true) = 'true');--> statement-breakpoint
CREATE POLICY "admin_audit_log_admin_insert" ON "admin_audit_log" AS PERMISSIVE FOR INSERT TO "app_user" WITH CHECK (current_setting('app.is_admin', true) = 'true');--> statement-breakpoint
-- Append-only: admins read and add entries; nobody updates or deletes one.
GRANT SELECT, INSERT ON "admin_audit_log" TO app_user;
