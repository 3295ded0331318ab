CREATE TABLE "smart_pig_preferences" (
	"user_id" text PRIMARY KEY NOT NULL,
	"keep_full_fscs_cover" boolean DEFAULT true NOT NULL,
	"avoid_teaser_rates" boolean DEFAULT true NOT NULL,
	"max_notice_days" smallint DEFAULT 0 NOT NULL,
	"max_fixed_months" smallint DEFAULT 12 NOT NULL,
	"use_isa_first" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "smart_pig_preferences_ranges" CHECK ("smart_pig_preferences"."max_notice_days" between 0 and 95 and "smart_pig_preferences"."max_fixed_months" between 0 and 60)
);
--> statement-breakpoint
ALTER TABLE "smart_pig_preferences" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "smart_pig_preferences" ADD CONSTRAINT "smart_pig_preferences_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "smart_pig_preferences_owner" ON "smart_pig_preferences" AS PERMISSIVE FOR ALL TO "app_user" USING ("smart_pig_preferences"."user_id" = current_setting('app.user_id', true) or current_setting('app.is_admin', true) = 'true') WITH CHECK ("smart_pig_preferences"."user_id" = current_setting('app.user_id', true) or current_setting('app.is_admin', true) = 'true');