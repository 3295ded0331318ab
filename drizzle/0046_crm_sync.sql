CREATE TYPE "public"."crm_sync_status" AS ENUM('pending', 'processing', 'completed', 'failed');--> statement-breakpoint
CREATE TYPE "public"."crm_sync_type" AS ENUM('profile_update', 'consent_update', 'contact_inquiry', 'contact_delete', 'user_sync', 'test_contact');--> statement-breakpoint
CREATE TABLE "crm_rate_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_rate_state" (
	"key" text PRIMARY KEY NOT NULL,
	"blocked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "crm_sync_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"force_update" boolean DEFAULT false NOT NULL,
	"started_by" text,
	"page" integer DEFAULT 0 NOT NULL,
	"page_size" integer DEFAULT 20 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"counts" jsonb NOT NULL,
	"results" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"has_more" boolean DEFAULT true NOT NULL,
	"error" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "crm_sync_runs" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "hubspot_sync_queue" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text,
	"subject_key" text NOT NULL,
	"sync_type" "crm_sync_type" NOT NULL,
	"status" "crm_sync_status" DEFAULT 'pending' NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"retry_count" integer DEFAULT 0 NOT NULL,
	"max_retries" integer DEFAULT 5 NOT NULL,
	"scheduled_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	"processing_ms" integer,
	"error_details" text,
	"locked_by" text,
	"locked_at" timestamp with time zone,
	"hubspot_contact_id" text,
	"consent_audit_id" bigint,
	"contact_inquiry_id" uuid
);
--> statement-breakpoint
ALTER TABLE "hubspot_sync_queue" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "crm_sync_runs" ADD CONSTRAINT "crm_sync_runs_started_by_user_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hubspot_sync_queue" ADD CONSTRAINT "hubspot_sync_queue_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hubspot_sync_queue" ADD CONSTRAINT "hubspot_sync_queue_consent_audit_id_consent_audit_log_id_fk" FOREIGN KEY ("consent_audit_id") REFERENCES "public"."consent_audit_log"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hubspot_sync_queue" ADD CONSTRAINT "hubspot_sync_queue_contact_inquiry_id_contact_inquiries_id_fk" FOREIGN KEY ("contact_inquiry_id") REFERENCES "public"."contact_inquiries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "crm_rate_requests_key_idx" ON "crm_rate_requests" USING btree ("key","sent_at");--> statement-breakpoint
CREATE INDEX "crm_sync_runs_started_idx" ON "crm_sync_runs" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "hubspot_sync_queue_due_idx" ON "hubspot_sync_queue" USING btree ("scheduled_at") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "hubspot_sync_queue_subject_idx" ON "hubspot_sync_queue" USING btree ("subject_key","id");--> statement-breakpoint
CREATE INDEX "hubspot_sync_queue_user_idx" ON "hubspot_sync_queue" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "hubspot_sync_queue_created_idx" ON "hubspot_sync_queue" USING btree ("created_at");--> statement-breakpoint
CREATE POLICY "crm_sync_runs_admin_all" ON "crm_sync_runs" AS PERMISSIVE FOR ALL TO "app_user" USING (current_setting('app.is_admin', true) = 'true') WITH CHECK (current_setting('app.is_admin', true) = 'true');--> statement-breakpoint
CREATE POLICY "hubspot_sync_queue_admin_all" ON "hubspot_sync_queue" AS PERMISSIVE FOR ALL TO "app_user" USING (current_setting('app.is_admin', true) = 'true') WITH CHECK (current_setting('app.is_admin', true) = 'true');--> statement-breakpoint
-- The CRM sync (docs/decisions/0063-crm-sync.md). An admin's request reads and manages the queue
-- and the Sync Users runs under the policies above; a saver's request never touches them: the
-- change that enqueues an item (profile, consent, contact form, deletion) writes it as the login
-- role inside the same transaction, and the worker runs as the login role. The rate window
-- (crm_rate_requests, crm_rate_state) is the server's own and not granted.
GRANT SELECT, INSERT, UPDATE, DELETE ON "hubspot_sync_queue" TO app_user;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "crm_sync_runs" TO app_user;--> statement-breakpoint
GRANT USAGE ON SEQUENCE "hubspot_sync_queue_id_seq" TO app_user;
