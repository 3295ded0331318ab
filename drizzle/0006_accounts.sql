CREATE TABLE "account_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"sort_order" integer DEFAULT 999 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_types" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"bank" text,
	"bank_id" uuid,
	"banking_group_id" text,
	"account_number" text NOT NULL,
	"account_type" text DEFAULT 'Savings' NOT NULL,
	"is_platform_account" boolean DEFAULT false NOT NULL,
	"platform_bank_reference_id" uuid,
	"interest_rate_bps" integer DEFAULT 0 NOT NULL,
	"interest_frequency" text DEFAULT 'Monthly' NOT NULL,
	"rate_type" text DEFAULT 'AER' NOT NULL,
	"next_rate_change" date,
	"terms" text,
	"terms_notes" text,
	"balance_pence" bigint DEFAULT 0 NOT NULL,
	"interest_payment_day" smallint,
	"interest_payment_month" smallint,
	"interest_payout_method" text DEFAULT 'Add to account' NOT NULL,
	"rate_change_notifications" boolean DEFAULT true NOT NULL,
	"overdraft_limit_pence" bigint,
	"overdraft_interest_rate_bps" integer,
	"early_withdrawal_penalty" integer,
	"early_withdrawal_penalty_type" text DEFAULT 'percentage' NOT NULL,
	"has_renewal_option" boolean DEFAULT false NOT NULL,
	"renewal_rate_bps" integer,
	"date_opened" date,
	"term_length_value" integer,
	"term_length_unit" text,
	"annual_interest_payment" boolean DEFAULT false NOT NULL,
	"annual_interest_day" smallint,
	"interim_interest_schedule" jsonb DEFAULT '[{"kind":"offset","offsetValue":12,"offsetUnit":"months","dayOfMonth":null}]'::jsonb NOT NULL,
	"enable_smart_alerts" boolean DEFAULT true NOT NULL,
	"holders" smallint DEFAULT 1 NOT NULL,
	"thb_life_event" text,
	"thb_qualifying_pence" bigint,
	"thb_credited_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_holders_range" CHECK ("accounts"."holders" between 1 and 10),
	CONSTRAINT "accounts_rate_not_negative" CHECK ("accounts"."interest_rate_bps" >= 0),
	CONSTRAINT "accounts_payment_day_range" CHECK ("accounts"."interest_payment_day" is null or "accounts"."interest_payment_day" between 1 and 31),
	CONSTRAINT "accounts_payment_month_range" CHECK ("accounts"."interest_payment_month" is null or "accounts"."interest_payment_month" between 1 and 12),
	CONSTRAINT "accounts_thb_complete" CHECK (("accounts"."thb_life_event" is null and "accounts"."thb_qualifying_pence" is null and "accounts"."thb_credited_date" is null)
        or ("accounts"."thb_life_event" is not null and "accounts"."thb_qualifying_pence" > 0 and "accounts"."thb_credited_date" is not null))
);
--> statement-breakpoint
ALTER TABLE "accounts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "standing_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"payee_name" text DEFAULT 'Standing order' NOT NULL,
	"amount_pence" bigint NOT NULL,
	"frequency" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"payment_day" smallint,
	"max_payments" integer,
	"first_payment_amount_pence" bigint,
	"is_active" boolean DEFAULT true NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "standing_orders_amount_positive" CHECK ("standing_orders"."amount_pence" > 0),
	CONSTRAINT "standing_orders_first_amount_positive" CHECK ("standing_orders"."first_payment_amount_pence" is null or "standing_orders"."first_payment_amount_pence" > 0),
	CONSTRAINT "standing_orders_max_payments_positive" CHECK ("standing_orders"."max_payments" is null or "standing_orders"."max_payments" > 0),
	CONSTRAINT "standing_orders_payment_day_monthly" CHECK ("standing_orders"."payment_day" is null or ("standing_orders"."frequency" = 'monthly' and "standing_orders"."payment_day" between 1 and 28)),
	CONSTRAINT "standing_orders_end_after_start" CHECK ("standing_orders"."end_date" is null or "standing_orders"."end_date" >= "standing_orders"."start_date")
);
--> statement-breakpoint
ALTER TABLE "standing_orders" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"amount_pence" bigint NOT NULL,
	"date" date NOT NULL,
	"type" text NOT NULL,
	"notes" text,
	"standing_order_id" uuid,
	"occurrence_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transactions_sign_matches_type" CHECK (("transactions"."type" in ('withdrawal', 'fee') and "transactions"."amount_pence" <= 0)
        or ("transactions"."type" = 'opening_balance' and "transactions"."amount_pence" >= 0)
        or ("transactions"."type" in ('deposit', 'interest') and "transactions"."amount_pence" >= 0)),
	CONSTRAINT "transactions_order_has_occurrence" CHECK ("transactions"."standing_order_id" is null or "transactions"."occurrence_date" is not null)
);
--> statement-breakpoint
ALTER TABLE "transactions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "user_settings" ALTER COLUMN "max_accounts" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "user_settings" ALTER COLUMN "max_accounts" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_bank_id_bank_references_id_fk" FOREIGN KEY ("bank_id") REFERENCES "public"."bank_references"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_banking_group_id_banking_groups_id_fk" FOREIGN KEY ("banking_group_id") REFERENCES "public"."banking_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_platform_bank_reference_id_bank_references_id_fk" FOREIGN KEY ("platform_bank_reference_id") REFERENCES "public"."bank_references"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_orders" ADD CONSTRAINT "standing_orders_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_orders" ADD CONSTRAINT "standing_orders_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_standing_order_id_standing_orders_id_fk" FOREIGN KEY ("standing_order_id") REFERENCES "public"."standing_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_types_name_unique" ON "account_types" USING btree (lower("name")) WHERE is_active;--> statement-breakpoint
CREATE INDEX "accounts_user_created_idx" ON "accounts" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "accounts_type_idx" ON "accounts" USING btree ("account_type");--> statement-breakpoint
CREATE INDEX "standing_orders_account_idx" ON "standing_orders" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "standing_orders_active_idx" ON "standing_orders" USING btree ("user_id") WHERE is_active;--> statement-breakpoint
CREATE INDEX "transactions_account_date_idx" ON "transactions" USING btree ("account_id","date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "transactions_user_date_idx" ON "transactions" USING btree ("user_id","date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_standing_order_occurrence_unique" ON "transactions" USING btree ("standing_order_id","occurrence_date");--> statement-breakpoint
CREATE POLICY "account_types_read_all" ON "account_types" AS PERMISSIVE FOR SELECT TO "app_user" USING (true);--> statement-breakpoint
CREATE POLICY "account_types_admin_all" ON "account_types" AS PERMISSIVE FOR ALL TO "app_user" USING (current_setting('app.is_admin', true) = 'true') WITH CHECK (current_setting('app.is_admin', true) = 'true');--> statement-breakpoint
CREATE POLICY "accounts_owner" ON "accounts" AS PERMISSIVE FOR ALL TO "app_user" USING ("accounts"."user_id" = current_setting('app.user_id', true) or current_setting('app.is_admin', true) = 'true') WITH CHECK ("accounts"."user_id" = current_setting('app.user_id', true) or current_setting('app.is_admin', true) = 'true');--> statement-breakpoint
CREATE POLICY "standing_orders_owner" ON "standing_orders" AS PERMISSIVE FOR ALL TO "app_user" USING ("standing_orders"."user_id" = current_setting('app.user_id', true) or current_setting('app.is_admin', true) = 'true') WITH CHECK ("standing_orders"."user_id" = current_setting('app.user_id', true) or current_setting('app.is_admin', true) = 'true');--> statement-breakpoint
CREATE POLICY "transactions_owner" ON "transactions" AS PERMISSIVE FOR ALL TO "app_user" USING ("transactions"."user_id" = current_setting('app.user_id', true) or current_setting('app.is_admin', true) = 'true') WITH CHECK ("transactions"."user_id" = current_setting('app.user_id', true) or current_setting('app.is_admin', true) = 'true');