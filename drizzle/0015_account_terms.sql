CREATE TABLE "account_terms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"term_type" text NOT NULL,
	"label" text NOT NULL,
	"inputs" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"historical_events" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"notifications_enabled" boolean DEFAULT true NOT NULL,
	"notes" text,
	"tracked_from" date,
	"inputs_saved_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_terms_type_known" CHECK ("account_terms"."term_type" in ('withdrawal_limit', 'fixed_term', 'tiered_interest', 'intro_rate', 'minimum_deposit', 'notice_period', 'max_contributions_over_term', 'annual_allowance', 'flexible_isa', 'bonus_rate_isa', 'lifetime_isa_penalty', 'transfer_restrictions', 'access_age', 'contribution_limits', 'drawdown_monitoring', 'protected_lump_sum', 'charges')),
	CONSTRAINT "account_terms_sizes" CHECK (length("account_terms"."label") <= 100 and ("account_terms"."notes" is null or length("account_terms"."notes") <= 5000)
        and jsonb_typeof("account_terms"."inputs") = 'object' and jsonb_typeof("account_terms"."historical_events") = 'array'
        and jsonb_array_length("account_terms"."historical_events") <= 1000)
);
--> statement-breakpoint
ALTER TABLE "account_terms" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "account_terms" ADD CONSTRAINT "account_terms_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_terms" ADD CONSTRAINT "account_terms_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_terms_account_created_idx" ON "account_terms" USING btree ("account_id","created_at","id");--> statement-breakpoint
CREATE POLICY "account_terms_owner" ON "account_terms" AS PERMISSIVE FOR ALL TO "app_user" USING ("account_terms"."user_id" = current_setting('app.user_id', true) or current_setting('app.is_admin', true) = 'true') WITH CHECK ("account_terms"."user_id" = current_setting('app.user_id', true) or current_setting('app.is_admin', true) = 'true');