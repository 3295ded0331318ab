CREATE TABLE "reference_change_audit" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"run_id" uuid,
	"review_item_id" uuid,
	"table_name" text NOT NULL,
	"row_id" text NOT NULL,
	"action" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"changed_by" text,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reference_change_audit" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "reference_import_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"started_by" text,
	"source" text NOT NULL,
	"source_name" text,
	"mode" text NOT NULL,
	"tabs" text[] NOT NULL,
	"status" text NOT NULL,
	"results" jsonb NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "reference_import_runs" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "reference_change_audit" ADD CONSTRAINT "reference_change_audit_run_id_reference_import_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."reference_import_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reference_change_audit" ADD CONSTRAINT "reference_change_audit_review_item_id_admin_review_items_id_fk" FOREIGN KEY ("review_item_id") REFERENCES "public"."admin_review_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reference_change_audit" ADD CONSTRAINT "reference_change_audit_changed_by_user_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reference_import_runs" ADD CONSTRAINT "reference_import_runs_started_by_user_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reference_change_audit_row_idx" ON "reference_change_audit" USING btree ("table_name","row_id","changed_at");--> statement-breakpoint
CREATE INDEX "reference_change_audit_run_idx" ON "reference_change_audit" USING btree ("run_id");--> statement-breakpoint
CREATE INDEX "reference_import_runs_started_idx" ON "reference_import_runs" USING btree ("started_at");--> statement-breakpoint
CREATE POLICY "reference_change_audit_admin_all" ON "reference_change_audit" AS PERMISSIVE FOR ALL TO "app_user" USING (current_setting('app.is_admin', true) = 'true') WITH CHECK (current_setting('app.is_admin', true) = 'true');--> statement-breakpoint
CREATE POLICY "reference_import_runs_admin_all" ON "reference_import_runs" AS PERMISSIVE FOR ALL TO "app_user" USING (current_setting('app.is_admin', true) = 'true') WITH CHECK (current_setting('app.is_admin', true) = 'true');