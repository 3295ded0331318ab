CREATE TABLE "admin_review_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"item_type" text NOT NULL,
	"priority" text DEFAULT 'medium' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"suggested_action" text,
	"current_data" jsonb,
	"resolution_notes" text,
	"dedupe_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "admin_review_items_dedupe_key_unique" UNIQUE("dedupe_key")
);
--> statement-breakpoint
ALTER TABLE "admin_review_items" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "app_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "app_settings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "bank_references" (
	"id" uuid PRIMARY KEY NOT NULL,
	"reference_key" text NOT NULL,
	"bank_name" text NOT NULL,
	"name_as_listed" text NOT NULL,
	"name_note" text,
	"alternative_names" text[] DEFAULT '{}'::text[] NOT NULL,
	"banking_group_id" text NOT NULL,
	"banking_group_name" text NOT NULL,
	"bank_frn" text,
	"bank_group_frn" text,
	"type" text NOT NULL,
	"fscs_protected" boolean NOT NULL,
	"protection_basis" text NOT NULL,
	"is_crown_dependency" boolean DEFAULT false NOT NULL,
	"is_ambiguous" boolean DEFAULT false NOT NULL,
	"also_listed_under_frns" text[] DEFAULT '{}'::text[] NOT NULL,
	"website_url" text,
	"api_source" text,
	"last_updated" date,
	"search_text" text NOT NULL,
	"updated_flag" boolean DEFAULT false NOT NULL,
	"comments" text,
	"sources" text[] DEFAULT '{}'::text[] NOT NULL,
	"user_message" text,
	"display_to_user" boolean DEFAULT true NOT NULL,
	"warn_user_level" text DEFAULT 'low' NOT NULL,
	"rule_version" text DEFAULT '1.0' NOT NULL,
	"checked_at" timestamp with time zone,
	"confidence_score" integer DEFAULT 100 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"loaded_data" jsonb NOT NULL,
	"admin_edited_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_references_reference_key_unique" UNIQUE("reference_key")
);
--> statement-breakpoint
ALTER TABLE "bank_references" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "banking_groups" (
	"id" text PRIMARY KEY NOT NULL,
	"group_name" text NOT NULL,
	"legal_name" text NOT NULL,
	"name_note" text,
	"group_frn" text,
	"parent_group" text,
	"type" text NOT NULL,
	"is_deposit_taker" boolean NOT NULL,
	"fscs_protected" boolean NOT NULL,
	"protection_basis" text NOT NULL,
	"protection_limit_key" text,
	"register_section" text,
	"in_boe_shared_brands_list" boolean DEFAULT false NOT NULL,
	"source_as_at" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_flag" boolean DEFAULT false NOT NULL,
	"comments" text,
	"sources" text[] DEFAULT '{}'::text[] NOT NULL,
	"user_message" text,
	"display_to_user" boolean DEFAULT true NOT NULL,
	"warn_user_level" text DEFAULT 'low' NOT NULL,
	"rule_version" text DEFAULT '1.0' NOT NULL,
	"checked_at" timestamp with time zone,
	"confidence_score" integer DEFAULT 100 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"loaded_data" jsonb NOT NULL,
	"admin_edited_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "banking_groups" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "isa_providers" (
	"id" text PRIMARY KEY NOT NULL,
	"platform_name" text NOT NULL,
	"legal_name" text NOT NULL,
	"fca_reference" text,
	"banking_group_id" text,
	"banking_group_name" text,
	"banking_group_frn" text,
	"fscs_category" text NOT NULL,
	"isa_types" text[] NOT NULL,
	"protection_basis" text NOT NULL,
	"protection_limit_key" text,
	"website_url" text,
	"source_as_at" date,
	"updated_flag" boolean DEFAULT false NOT NULL,
	"comments" text,
	"sources" text[] DEFAULT '{}'::text[] NOT NULL,
	"user_message" text,
	"display_to_user" boolean DEFAULT true NOT NULL,
	"warn_user_level" text DEFAULT 'low' NOT NULL,
	"rule_version" text DEFAULT '1.0' NOT NULL,
	"checked_at" timestamp with time zone,
	"confidence_score" integer DEFAULT 100 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"loaded_data" jsonb NOT NULL,
	"admin_edited_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "isa_providers" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "pension_providers" (
	"id" text PRIMARY KEY NOT NULL,
	"provider_display_name" text NOT NULL,
	"legal_entity_name" text NOT NULL,
	"legal_entity_note" text,
	"legal_entity_role" text,
	"regulator" text NOT NULL,
	"frn" text,
	"frn_status" text,
	"banking_group_name" text,
	"banking_group_frn" text,
	"category" text NOT NULL,
	"coverage_tag" text NOT NULL,
	"typical_scheme_type" text,
	"protection_basis" text NOT NULL,
	"protection_limit_key" text,
	"display_message" text,
	"as_at" text,
	"updated_flag" boolean DEFAULT false NOT NULL,
	"comments" text,
	"sources" text[] DEFAULT '{}'::text[] NOT NULL,
	"user_message" text,
	"display_to_user" boolean DEFAULT true NOT NULL,
	"warn_user_level" text DEFAULT 'low' NOT NULL,
	"rule_version" text DEFAULT '1.0' NOT NULL,
	"checked_at" timestamp with time zone,
	"confidence_score" integer DEFAULT 100 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"loaded_data" jsonb NOT NULL,
	"admin_edited_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pension_providers" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "platform_partner_banks" (
	"platform" text NOT NULL,
	"partner_name_as_listed" text NOT NULL,
	"platform_group_id" text NOT NULL,
	"partner_group_id" text,
	"frn" text,
	"match_confidence" text NOT NULL,
	"observed_date" date NOT NULL,
	"source" text NOT NULL,
	"notes" text,
	CONSTRAINT "platform_partner_banks_platform_partner_name_as_listed_pk" PRIMARY KEY("platform","partner_name_as_listed")
);
--> statement-breakpoint
ALTER TABLE "platform_partner_banks" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "protection_limits" (
	"limit_key" text NOT NULL,
	"effective_from" date NOT NULL,
	"amount_pence" bigint,
	"applies_per" text NOT NULL,
	"source" text NOT NULL,
	"confidence" text NOT NULL,
	"notes" text,
	CONSTRAINT "protection_limits_limit_key_effective_from_pk" PRIMARY KEY("limit_key","effective_from")
);
--> statement-breakpoint
ALTER TABLE "protection_limits" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "reference_data_loads" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reference_data_loads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"content_hash" text NOT NULL,
	"counts" jsonb NOT NULL,
	"review_items" integer DEFAULT 0 NOT NULL,
	"loaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bank_references" ADD CONSTRAINT "bank_references_banking_group_id_banking_groups_id_fk" FOREIGN KEY ("banking_group_id") REFERENCES "public"."banking_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "isa_providers" ADD CONSTRAINT "isa_providers_banking_group_id_banking_groups_id_fk" FOREIGN KEY ("banking_group_id") REFERENCES "public"."banking_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_partner_banks" ADD CONSTRAINT "platform_partner_banks_platform_group_id_banking_groups_id_fk" FOREIGN KEY ("platform_group_id") REFERENCES "public"."banking_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_partner_banks" ADD CONSTRAINT "platform_partner_banks_partner_group_id_banking_groups_id_fk" FOREIGN KEY ("partner_group_id") REFERENCES "public"."banking_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_review_items_created_idx" ON "admin_review_items" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "bank_references_active_name_idx" ON "bank_references" USING btree ("bank_name") WHERE is_active;--> statement-breakpoint
CREATE INDEX "bank_references_group_idx" ON "bank_references" USING btree ("banking_group_id");--> statement-breakpoint
CREATE INDEX "banking_groups_frn_idx" ON "banking_groups" USING btree ("group_frn");--> statement-breakpoint
CREATE INDEX "isa_providers_active_name_idx" ON "isa_providers" USING btree ("platform_name") WHERE is_active;--> statement-breakpoint
CREATE POLICY "admin_review_items_admin_all" ON "admin_review_items" AS PERMISSIVE FOR ALL TO "app_user" USING (current_setting('app.is_admin', true) = 'true') WITH CHECK (current_setting('app.is_admin', true) = 'true');--> statement-breakpoint
CREATE POLICY "app_settings_read_all" ON "app_settings" AS PERMISSIVE FOR SELECT TO "app_user" USING (true);--> statement-breakpoint
CREATE POLICY "app_settings_admin_all" ON "app_settings" AS PERMISSIVE FOR ALL TO "app_user" USING (current_setting('app.is_admin', true) = 'true') WITH CHECK (current_setting('app.is_admin', true) = 'true');--> statement-breakpoint
CREATE POLICY "bank_references_read_all" ON "bank_references" AS PERMISSIVE FOR SELECT TO "app_user" USING (true);--> statement-breakpoint
CREATE POLICY "bank_references_admin_all" ON "bank_references" AS PERMISSIVE FOR ALL TO "app_user" USING (current_setting('app.is_admin', true) = 'true') WITH CHECK (current_setting('app.is_admin', true) = 'true');--> statement-breakpoint
CREATE POLICY "banking_groups_read_all" ON "banking_groups" AS PERMISSIVE FOR SELECT TO "app_user" USING (true);--> statement-breakpoint
CREATE POLICY "banking_groups_admin_all" ON "banking_groups" AS PERMISSIVE FOR ALL TO "app_user" USING (current_setting('app.is_admin', true) = 'true') WITH CHECK (current_setting('app.is_admin', true) = 'true');--> statement-breakpoint
CREATE POLICY "isa_providers_read_all" ON "isa_providers" AS PERMISSIVE FOR SELECT TO "app_user" USING (true);--> statement-breakpoint
CREATE POLICY "isa_providers_admin_all" ON "isa_providers" AS PERMISSIVE FOR ALL TO "app_user" USING (current_setting('app.is_admin', true) = 'true') WITH CHECK (current_setting('app.is_admin', true) = 'true');--> statement-breakpoint
CREATE POLICY "pension_providers_read_all" ON "pension_providers" AS PERMISSIVE FOR SELECT TO "app_user" USING (true);--> statement-breakpoint
CREATE POLICY "pension_providers_admin_all" ON "pension_providers" AS PERMISSIVE FOR ALL TO "app_user" USING (current_setting('app.is_admin', true) = 'true') WITH CHECK (current_setting('app.is_admin', true) = 'true');--> statement-breakpoint
CREATE POLICY "platform_partner_banks_read_all" ON "platform_partner_banks" AS PERMISSIVE FOR SELECT TO "app_user" USING (true);--> statement-breakpoint
CREATE POLICY "platform_partner_banks_admin_all" ON "platform_partner_banks" AS PERMISSIVE FOR ALL TO "app_user" USING (current_setting('app.is_admin', true) = 'true') WITH CHECK (current_setting('app.is_admin', true) = 'true');--> statement-breakpoint
CREATE POLICY "protection_limits_read_all" ON "protection_limits" AS PERMISSIVE FOR SELECT TO "app_user" USING (true);--> statement-breakpoint
CREATE POLICY "protection_limits_admin_all" ON "protection_limits" AS PERMISSIVE FOR ALL TO "app_user" USING (current_setting('app.is_admin', true) = 'true') WITH CHECK (current_setting('app.is_admin', true) = 'true');