CREATE TABLE "open_banking_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"connection_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"provider_account_id" text NOT NULL,
	"display_name" text NOT NULL,
	"account_number_masked" text NOT NULL,
	"account_type" text NOT NULL,
	"currency" text NOT NULL,
	"balance_pence" bigint,
	"balance_at" timestamp with time zone,
	"linked_account_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "open_banking_accounts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "open_banking_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"bank_id" uuid NOT NULL,
	"bank_name" text NOT NULL,
	"provider_institution_id" text NOT NULL,
	"access_token_enc" text,
	"refresh_token_enc" text,
	"access_token_expires_at" timestamp with time zone,
	"consent_created_at" timestamp with time zone NOT NULL,
	"consent_expires_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"from_account_id" uuid,
	"last_synced_at" timestamp with time zone,
	"last_sync_attempt_at" timestamp with time zone,
	"last_sync_error" text,
	"unattended_syncs" timestamp with time zone[] DEFAULT '{}'::timestamptz[] NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "open_banking_connections_sizes" CHECK (cardinality("open_banking_connections"."unattended_syncs") <= 8)
);
--> statement-breakpoint
ALTER TABLE "open_banking_connections" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "open_banking_oauth_states" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"state_hash" text NOT NULL,
	"user_id" text NOT NULL,
	"session_id" text NOT NULL,
	"bank_id" uuid NOT NULL,
	"connection_id" uuid,
	"from_account_id" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "open_banking_oauth_states_state_hash_unique" UNIQUE("state_hash")
);
--> statement-breakpoint
ALTER TABLE "open_banking_oauth_states" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "provider_transaction_id" text;--> statement-breakpoint
ALTER TABLE "open_banking_accounts" ADD CONSTRAINT "open_banking_accounts_connection_id_open_banking_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."open_banking_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_banking_accounts" ADD CONSTRAINT "open_banking_accounts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_banking_accounts" ADD CONSTRAINT "open_banking_accounts_linked_account_id_accounts_id_fk" FOREIGN KEY ("linked_account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_banking_connections" ADD CONSTRAINT "open_banking_connections_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_banking_connections" ADD CONSTRAINT "open_banking_connections_bank_id_bank_references_id_fk" FOREIGN KEY ("bank_id") REFERENCES "public"."bank_references"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_banking_connections" ADD CONSTRAINT "open_banking_connections_from_account_id_accounts_id_fk" FOREIGN KEY ("from_account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_banking_oauth_states" ADD CONSTRAINT "open_banking_oauth_states_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_banking_oauth_states" ADD CONSTRAINT "open_banking_oauth_states_bank_id_bank_references_id_fk" FOREIGN KEY ("bank_id") REFERENCES "public"."bank_references"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_banking_oauth_states" ADD CONSTRAINT "open_banking_oauth_states_connection_id_open_banking_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."open_banking_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_banking_oauth_states" ADD CONSTRAINT "open_banking_oauth_states_from_account_id_accounts_id_fk" FOREIGN KEY ("from_account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "open_banking_accounts_provider_unique" ON "open_banking_accounts" USING btree ("connection_id","provider_account_id");--> statement-breakpoint
CREATE INDEX "open_banking_accounts_linked_idx" ON "open_banking_accounts" USING btree ("linked_account_id") WHERE linked_account_id is not null;--> statement-breakpoint
CREATE INDEX "open_banking_connections_user_idx" ON "open_banking_connections" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "open_banking_connections_due_idx" ON "open_banking_connections" USING btree ("last_sync_attempt_at") WHERE status in ('active', 'error');--> statement-breakpoint
CREATE INDEX "open_banking_oauth_states_user_idx" ON "open_banking_oauth_states" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_provider_id_unique" ON "transactions" USING btree ("account_id","provider_transaction_id") WHERE "transactions"."provider_transaction_id" is not null;--> statement-breakpoint
CREATE POLICY "open_banking_accounts_owner" ON "open_banking_accounts" AS PERMISSIVE FOR ALL TO "app_user" USING ("open_banking_accounts"."user_id" = current_setting('app.user_id', true) or current_setting('app.is_admin', true) = 'true') WITH CHECK ("open_banking_accounts"."user_id" = current_setting('app.user_id', true) or current_setting('app.is_admin', true) = 'true');--> statement-breakpoint
CREATE POLICY "open_banking_connections_owner" ON "open_banking_connections" AS PERMISSIVE FOR ALL TO "app_user" USING ("open_banking_connections"."user_id" = current_setting('app.user_id', true) or current_setting('app.is_admin', true) = 'true') WITH CHECK ("open_banking_connections"."user_id" = current_setting('app.user_id', true) or current_setting('app.is_admin', true) = 'true');--> statement-breakpoint
CREATE POLICY "open_banking_oauth_states_owner" ON "open_banking_oauth_states" AS PERMISSIVE FOR ALL TO "app_user" USING ("open_banking_oauth_states"."user_id" = current_setting('app.user_id', true) or current_setting('app.is_admin', true) = 'true') WITH CHECK ("open_banking_oauth_states"."user_id" = current_setting('app.user_id', true) or current_setting('app.is_admin', true) = 'true');--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "open_banking_connections", "open_banking_accounts", "open_banking_oauth_states" TO app_user;
