CREATE TABLE "promo_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"promo_type" text NOT NULL,
	"is_free_tier" boolean DEFAULT false NOT NULL,
	"is_ad_free" boolean DEFAULT false NOT NULL,
	"discount_percentage" smallint,
	"duration_days" integer,
	"duration_months" integer,
	"discount_months" integer,
	"discount_days" integer,
	"is_one_time_use" boolean DEFAULT false NOT NULL,
	"expires_at" timestamp with time zone,
	"is_active" boolean DEFAULT true NOT NULL,
	"times_redeemed" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	CONSTRAINT "promo_codes_code_unique" UNIQUE("code"),
	CONSTRAINT "promo_codes_type" CHECK ("promo_codes"."promo_type" in ('free_trial', 'discount', 'feature_upgrade')),
	CONSTRAINT "promo_codes_code_upper" CHECK ("promo_codes"."code" = upper(btrim("promo_codes"."code")) and length("promo_codes"."code") between 1 and 64),
	CONSTRAINT "promo_codes_discount" CHECK ("promo_codes"."discount_percentage" is null or "promo_codes"."discount_percentage" between 1 and 100),
	CONSTRAINT "promo_codes_durations" CHECK (coalesce("promo_codes"."duration_days", 0) between 0 and 3650 and coalesce("promo_codes"."duration_months", 0) between 0 and 120
        and coalesce("promo_codes"."discount_days", 0) between 0 and 3650 and coalesce("promo_codes"."discount_months", 0) between 0 and 120),
	CONSTRAINT "promo_codes_one_time" CHECK ("promo_codes"."times_redeemed" >= 0 and (not "promo_codes"."is_one_time_use" or "promo_codes"."times_redeemed" <= 1))
);
--> statement-breakpoint
ALTER TABLE "promo_codes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "promo_redemptions" (
	"promo_code_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"redeemed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_redemptions_promo_code_id_user_id_pk" PRIMARY KEY("promo_code_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "promo_redemptions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "sign_up_promo_codes" (
	"user_id" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone,
	"outcome" text
);
--> statement-breakpoint
ALTER TABLE "sign_up_promo_codes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"user_id" text PRIMARY KEY NOT NULL,
	"payment_status" text DEFAULT 'inactive' NOT NULL,
	"tier" text,
	"trial_tier" text,
	"trial_expires_at" timestamp with time zone,
	"promo_code_id" uuid,
	"promo_tier" text,
	"promo_expires_at" timestamp with time zone,
	"admin_override" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT false NOT NULL,
	"billing_cycle" text,
	"current_period_end" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"stripe_customer_id" text,
	"stripe_subscription_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_stripe_customer_id_unique" UNIQUE("stripe_customer_id"),
	CONSTRAINT "subscriptions_stripe_subscription_id_unique" UNIQUE("stripe_subscription_id"),
	CONSTRAINT "subscriptions_status" CHECK ("subscriptions"."payment_status" in ('inactive', 'trial', 'trial_expired', 'active', 'past_due', 'failed', 'action_required', 'canceled')),
	CONSTRAINT "subscriptions_tiers" CHECK (coalesce("subscriptions"."tier", 'piglet') in ('piglet', 'boar', 'bigpig') and coalesce("subscriptions"."trial_tier", 'piglet') in ('piglet', 'boar', 'bigpig')
        and coalesce("subscriptions"."promo_tier", 'piglet') in ('piglet', 'boar', 'bigpig')),
	CONSTRAINT "subscriptions_billing_cycle" CHECK ("subscriptions"."billing_cycle" is null or "subscriptions"."billing_cycle" in ('monthly', 'annual'))
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_redemptions" ADD CONSTRAINT "promo_redemptions_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_redemptions" ADD CONSTRAINT "promo_redemptions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_up_promo_codes" ADD CONSTRAINT "sign_up_promo_codes_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "promo_codes_admin_all" ON "promo_codes" AS PERMISSIVE FOR ALL TO "app_user" USING (current_setting('app.is_admin', true) = 'true') WITH CHECK (current_setting('app.is_admin', true) = 'true');--> statement-breakpoint
CREATE POLICY "promo_redemptions_owner_read" ON "promo_redemptions" AS PERMISSIVE FOR SELECT TO "app_user" USING ("promo_redemptions"."user_id" = current_setting('app.user_id', true));--> statement-breakpoint
CREATE POLICY "promo_redemptions_admin_all" ON "promo_redemptions" AS PERMISSIVE FOR ALL TO "app_user" USING (current_setting('app.is_admin', true) = 'true') WITH CHECK (current_setting('app.is_admin', true) = 'true');--> statement-breakpoint
CREATE POLICY "sign_up_promo_codes_owner_read" ON "sign_up_promo_codes" AS PERMISSIVE FOR SELECT TO "app_user" USING ("sign_up_promo_codes"."user_id" = current_setting('app.user_id', true));--> statement-breakpoint
CREATE POLICY "sign_up_promo_codes_admin_all" ON "sign_up_promo_codes" AS PERMISSIVE FOR ALL TO "app_user" USING (current_setting('app.is_admin', true) = 'true') WITH CHECK (current_setting('app.is_admin', true) = 'true');--> statement-breakpoint
CREATE POLICY "subscriptions_owner_read" ON "subscriptions" AS PERMISSIVE FOR SELECT TO "app_user" USING ("subscriptions"."user_id" = current_setting('app.user_id', true));--> statement-breakpoint
CREATE POLICY "subscriptions_admin_all" ON "subscriptions" AS PERMISSIVE FOR ALL TO "app_user" USING (current_setting('app.is_admin', true) = 'true') WITH CHECK (current_setting('app.is_admin', true) = 'true');