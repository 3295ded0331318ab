CREATE TYPE "public"."currency" AS ENUM('GBP', 'USD', 'EUR');--> statement-breakpoint
CREATE TYPE "public"."consent_sync_status" AS ENUM('pending', 'completed', 'failed');--> statement-breakpoint
CREATE TABLE "login_devices" (
	"user_id" text NOT NULL,
	"fingerprint" text NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "login_devices_user_id_fingerprint_pk" PRIMARY KEY("user_id","fingerprint")
);
--> statement-breakpoint
CREATE TABLE "two_factor" (
	"id" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"backup_codes" text NOT NULL,
	"user_id" text NOT NULL,
	"verified" boolean DEFAULT true,
	"failed_verification_count" integer DEFAULT 0,
	"locked_until" timestamp with time zone,
	"last_totp_step" bigint
);
--> statement-breakpoint
CREATE TABLE "presence" (
	"user_id" text PRIMARY KEY NOT NULL,
	"online_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'online' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "presence" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "user_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"max_accounts" integer DEFAULT 3 NOT NULL,
	"is_ad_free" boolean DEFAULT false NOT NULL,
	"has_isas" boolean DEFAULT false NOT NULL,
	"has_pensions" boolean DEFAULT false NOT NULL,
	"has_maturity_calculator" boolean DEFAULT false NOT NULL,
	"has_maturity_notifications" boolean DEFAULT false NOT NULL,
	"has_rss_news" boolean DEFAULT false NOT NULL,
	"has_pension_calculator" boolean DEFAULT false NOT NULL,
	"has_open_banking" boolean DEFAULT false NOT NULL,
	"dark_mode_enabled" boolean DEFAULT false NOT NULL,
	"notifications_enabled" boolean DEFAULT true NOT NULL,
	"login_notifications_enabled" boolean DEFAULT true NOT NULL,
	"two_factor_enabled" boolean DEFAULT false NOT NULL,
	"suspended" boolean DEFAULT false NOT NULL,
	"suspension_reason" text,
	"default_currency" "currency" DEFAULT 'GBP' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_settings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "consent_audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"consent_data" jsonb NOT NULL,
	"change_source" text NOT NULL,
	"hubspot_contact_id" text,
	"sync_status" "consent_sync_status" DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"synced_at" timestamp with time zone,
	"error_details" text
);
--> statement-breakpoint
ALTER TABLE "consent_audit_log" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "stored_files" (
	"bucket" text NOT NULL,
	"path" text NOT NULL,
	"owner_id" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stored_files_bucket_path_pk" PRIMARY KEY("bucket","path")
);
--> statement-breakpoint
ALTER TABLE "stored_files" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "session" ADD COLUMN "last_active_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "two_factor_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "login_devices" ADD CONSTRAINT "login_devices_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "two_factor" ADD CONSTRAINT "two_factor_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "presence" ADD CONSTRAINT "presence_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_settings" ADD CONSTRAINT "user_settings_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_audit_log" ADD CONSTRAINT "consent_audit_log_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "two_factor_user_id_idx" ON "two_factor" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "two_factor_secret_idx" ON "two_factor" USING btree ("secret");--> statement-breakpoint
CREATE INDEX "consent_audit_log_user_idx" ON "consent_audit_log" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "stored_files_owner_idx" ON "stored_files" USING btree ("owner_id");--> statement-breakpoint
CREATE POLICY "presence_owner" ON "presence" AS PERMISSIVE FOR ALL TO "app_user" USING ("presence"."user_id" = current_setting('app.user_id', true) or current_setting('app.is_admin', true) = 'true') WITH CHECK ("presence"."user_id" = current_setting('app.user_id', true) or current_setting('app.is_admin', true) = 'true');--> statement-breakpoint
CREATE POLICY "user_settings_owner" ON "user_settings" AS PERMISSIVE FOR ALL TO "app_user" USING ("user_settings"."user_id" = current_setting('app.user_id', true) or current_setting('app.is_admin', true) = 'true') WITH CHECK ("user_settings"."user_id" = current_setting('app.user_id', true) or current_setting('app.is_admin', true) = 'true');--> statement-breakpoint
CREATE POLICY "consent_audit_log_owner_read" ON "consent_audit_log" AS PERMISSIVE FOR SELECT TO "app_user" USING ("consent_audit_log"."user_id" = current_setting('app.user_id', true));--> statement-breakpoint
CREATE POLICY "consent_audit_log_owner_insert" ON "consent_audit_log" AS PERMISSIVE FOR INSERT TO "app_user" WITH CHECK ("consent_audit_log"."user_id" = current_setting('app.user_id', true));--> statement-breakpoint
CREATE POLICY "consent_audit_log_admin_all" ON "consent_audit_log" AS PERMISSIVE FOR ALL TO "app_user" USING (current_setting('app.is_admin', true) = 'true') WITH CHECK (current_setting('app.is_admin', true) = 'true');--> statement-breakpoint
CREATE POLICY "stored_files_owner" ON "stored_files" AS PERMISSIVE FOR ALL TO "app_user" USING ("stored_files"."owner_id" = current_setting('app.user_id', true) or current_setting('app.is_admin', true) = 'true') WITH CHECK ("stored_files"."owner_id" = current_setting('app.user_id', true) or current_setting('app.is_admin', true) = 'true');