CREATE TABLE "account_monthly_totals" (
	"account_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"month" date NOT NULL,
	"type" text NOT NULL,
	"total_pence" bigint NOT NULL,
	"transaction_count" integer NOT NULL,
	CONSTRAINT "account_monthly_totals_account_id_month_type_pk" PRIMARY KEY("account_id","month","type")
);
--> statement-breakpoint
ALTER TABLE "account_monthly_totals" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "account_monthly_totals" ADD CONSTRAINT "account_monthly_totals_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_monthly_totals" ADD CONSTRAINT "account_monthly_totals_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "account_monthly_totals_owner" ON "account_monthly_totals" AS PERMISSIVE FOR ALL TO "app_user" USING ("account_monthly_totals"."user_id" = current_setting('app.user_id', true) or current_setting('app.is_admin', true) = 'true') WITH CHECK ("account_monthly_totals"."user_id" = current_setting('app.user_id', true) or current_setting('app.is_admin', true) = 'true');