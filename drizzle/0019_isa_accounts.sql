CREATE TABLE "isa_accounts" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"isa_type" text DEFAULT 'cash' NOT NULL,
	"funding_type" text DEFAULT 'new_subscription' NOT NULL,
	"is_flexible" boolean DEFAULT false NOT NULL,
	"planned_annual_contribution_pence" bigint DEFAULT 0 NOT NULL,
	"planned_transfer_amount_pence" bigint DEFAULT 0 NOT NULL,
	"beneficial_owner" text DEFAULT 'you' NOT NULL,
	"ni_number_present" boolean DEFAULT true NOT NULL,
	"maturity_date" date,
	"transfer_status" text,
	"transfer_started_on" date,
	"transfer_expected_sla_days" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "isa_accounts_isa_type" CHECK ("isa_accounts"."isa_type" in ('cash', 'stocks_and_shares', 'ifisa', 'lisa', 'jisa')),
	CONSTRAINT "isa_accounts_funding_type" CHECK ("isa_accounts"."funding_type" in ('new_subscription', 'transfer_in', 'both')),
	CONSTRAINT "isa_accounts_beneficial_owner" CHECK ("isa_accounts"."beneficial_owner" in ('you', 'child')),
	CONSTRAINT "isa_accounts_transfer_status" CHECK ("isa_accounts"."transfer_status" is null or "isa_accounts"."transfer_status" in ('new', 'in_progress', 'complete', 'overdue')),
	CONSTRAINT "isa_accounts_amounts" CHECK ("isa_accounts"."planned_annual_contribution_pence" between 0 and 100000000000 and "isa_accounts"."planned_transfer_amount_pence" between 0 and 100000000000),
	CONSTRAINT "isa_accounts_sla_days" CHECK ("isa_accounts"."transfer_expected_sla_days" is null or "isa_accounts"."transfer_expected_sla_days" between 1 and 365)
);
--> statement-breakpoint
ALTER TABLE "isa_accounts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "isa_accounts" ADD CONSTRAINT "isa_accounts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "isa_accounts" ADD CONSTRAINT "isa_accounts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "isa_accounts" ADD CONSTRAINT "isa_accounts_provider_id_isa_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."isa_providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "isa_accounts_owner" ON "isa_accounts" AS PERMISSIVE FOR ALL TO "app_user" USING ("isa_accounts"."user_id" = current_setting('app.user_id', true) or current_setting('app.is_admin', true) = 'true') WITH CHECK ("isa_accounts"."user_id" = current_setting('app.user_id', true) or current_setting('app.is_admin', true) = 'true');