CREATE TABLE "pension_accounts" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"scheme_type" text DEFAULT 'personal_pension' NOT NULL,
	"policy_reference" text,
	"employer_link" boolean DEFAULT false NOT NULL,
	"employer_name" text,
	"employer_contribution_policy" text,
	"tax_relief_method" text,
	"annual_allowance_pence" bigint DEFAULT 6000000 NOT NULL,
	"threshold_income_pence" bigint,
	"adjusted_income_pence" bigint,
	"flexible_access_on" date,
	"crystallised" boolean DEFAULT false NOT NULL,
	"crystallised_method" text,
	"pcls_taken_pence" bigint,
	"pcls_remaining_pence" bigint,
	"access_age" smallint DEFAULT 55 NOT NULL,
	"transfer_sla_days" integer DEFAULT 10 NOT NULL,
	"protection_category" text NOT NULL,
	"rule_version" text DEFAULT '1.0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pension_accounts_scheme_type" CHECK ("pension_accounts"."scheme_type" in ('workplace_dc', 'workplace_db', 'personal_pension', 'sipp', 'ssas', 'buyout_section32', 'state_pension')),
	CONSTRAINT "pension_accounts_tax_relief_method" CHECK ("pension_accounts"."tax_relief_method" is null or "pension_accounts"."tax_relief_method" in ('net_pay', 'salary_sacrifice', 'relief_at_source')),
	CONSTRAINT "pension_accounts_crystallised_method" CHECK ("pension_accounts"."crystallised_method" is null or "pension_accounts"."crystallised_method" in ('drawdown', 'ufpls', 'annuity', 'scheme_pension')),
	CONSTRAINT "pension_accounts_protection_category" CHECK ("pension_accounts"."protection_category" in ('insurance_100', 'sipp_platform_85k', 'db_ppf', 'ssas_trust', 'state')),
	CONSTRAINT "pension_accounts_annual_allowance" CHECK ("pension_accounts"."annual_allowance_pence" between 0 and 100000000000 and "pension_accounts"."annual_allowance_pence" % 100000 = 0),
	CONSTRAINT "pension_accounts_amounts" CHECK (coalesce("pension_accounts"."threshold_income_pence", 0) between 0 and 100000000000 and coalesce("pension_accounts"."adjusted_income_pence", 0) between 0 and 100000000000 and coalesce("pension_accounts"."pcls_taken_pence", 0) between 0 and 100000000000 and coalesce("pension_accounts"."pcls_remaining_pence", 0) between 0 and 100000000000),
	CONSTRAINT "pension_accounts_access_age" CHECK ("pension_accounts"."access_age" between 50 and 75),
	CONSTRAINT "pension_accounts_sla_days" CHECK ("pension_accounts"."transfer_sla_days" between 1 and 365),
	CONSTRAINT "pension_accounts_employer" CHECK ("pension_accounts"."employer_link" or ("pension_accounts"."employer_name" is null and "pension_accounts"."employer_contribution_policy" is null))
);
--> statement-breakpoint
ALTER TABLE "pension_accounts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "pension_contributions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"tax_year" smallint NOT NULL,
	"employee_pence" bigint DEFAULT 0 NOT NULL,
	"employer_pence" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pension_contributions_tax_year" CHECK ("pension_contributions"."tax_year" between 2000 and 2100),
	CONSTRAINT "pension_contributions_amounts" CHECK ("pension_contributions"."employee_pence" between 0 and 100000000000 and "pension_contributions"."employer_pence" between 0 and 100000000000)
);
--> statement-breakpoint
ALTER TABLE "pension_contributions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "pension_drawdown_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"event_date" date NOT NULL,
	"event_type" text NOT NULL,
	"amount_pence" bigint NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pension_drawdown_events_type" CHECK ("pension_drawdown_events"."event_type" in ('pcls', 'income', 'ufpls')),
	CONSTRAINT "pension_drawdown_events_amount" CHECK ("pension_drawdown_events"."amount_pence" between 0 and 100000000000)
);
--> statement-breakpoint
ALTER TABLE "pension_drawdown_events" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "pension_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_update_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"notes" text,
	CONSTRAINT "pension_transfers_status" CHECK ("pension_transfers"."status" in ('new', 'in_progress', 'complete', 'overdue')),
	CONSTRAINT "pension_transfers_completed" CHECK (("pension_transfers"."status" = 'complete') = ("pension_transfers"."completed_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "pension_transfers" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "pension_accounts" ADD CONSTRAINT "pension_accounts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pension_accounts" ADD CONSTRAINT "pension_accounts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pension_accounts" ADD CONSTRAINT "pension_accounts_provider_id_pension_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."pension_providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pension_contributions" ADD CONSTRAINT "pension_contributions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pension_contributions" ADD CONSTRAINT "pension_contributions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pension_drawdown_events" ADD CONSTRAINT "pension_drawdown_events_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pension_drawdown_events" ADD CONSTRAINT "pension_drawdown_events_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pension_transfers" ADD CONSTRAINT "pension_transfers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pension_transfers" ADD CONSTRAINT "pension_transfers_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pension_contributions_account_year" ON "pension_contributions" USING btree ("account_id","tax_year");--> statement-breakpoint
CREATE INDEX "pension_contributions_user_idx" ON "pension_contributions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "pension_drawdown_events_account_idx" ON "pension_drawdown_events" USING btree ("account_id","event_date");--> statement-breakpoint
CREATE INDEX "pension_drawdown_events_user_idx" ON "pension_drawdown_events" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "pension_transfers_account_idx" ON "pension_transfers" USING btree ("account_id","started_at");--> statement-breakpoint
CREATE INDEX "pension_transfers_user_idx" ON "pension_transfers" USING btree ("user_id");--> statement-breakpoint
CREATE POLICY "pension_accounts_owner" ON "pension_accounts" AS PERMISSIVE FOR ALL TO "app_user" USING ("pension_accounts"."user_id" = current_setting('app.user_id', true) or current_setting('app.is_admin', true) = 'true') WITH CHECK ("pension_accounts"."user_id" = current_setting('app.user_id', true) or current_setting('app.is_admin', true) = 'true');--> statement-breakpoint
CREATE POLICY "pension_contributions_owner" ON "pension_contributions" AS PERMISSIVE FOR ALL TO "app_user" USING ("pension_contributions"."user_id" = current_setting('app.user_id', true) or current_setting('app.is_admin', true) = 'true') WITH CHECK ("pension_contributions"."user_id" = current_setting('app.user_id', true) or current_setting('app.is_admin', true) = 'true');--> statement-breakpoint
CREATE POLICY "pension_drawdown_events_owner" ON "pension_drawdown_events" AS PERMISSIVE FOR ALL TO "app_user" USING ("pension_drawdown_events"."user_id" = current_setting('app.user_id', true) or current_setting('app.is_admin', true) = 'true') WITH CHECK ("pension_drawdown_events"."user_id" = current_setting('app.user_id', true) or current_setting('app.is_admin', true) = 'true');--> statement-breakpoint
CREATE POLICY "pension_transfers_owner" ON "pension_transfers" AS PERMISSIVE FOR ALL TO "app_user" USING ("pension_transfers"."user_id" = current_setting('app.user_id', true) or current_setting('app.is_admin', true) = 'true') WITH CHECK ("pension_transfers"."user_id" = current_setting('app.user_id', true) or current_setting('app.is_admin', true) = 'true');