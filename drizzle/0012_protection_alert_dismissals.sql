CREATE TABLE "protection_alert_dismissals" (
	"user_id" text NOT NULL,
	"alert_id" text NOT NULL,
	"signature" text NOT NULL,
	"dismissed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "protection_alert_dismissals_user_id_alert_id_pk" PRIMARY KEY("user_id","alert_id"),
	CONSTRAINT "protection_alert_dismissals_sizes" CHECK (length("protection_alert_dismissals"."alert_id") <= 1000 and length("protection_alert_dismissals"."signature") <= 200)
);
--> statement-breakpoint
ALTER TABLE "protection_alert_dismissals" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "protection_alert_dismissals" ADD CONSTRAINT "protection_alert_dismissals_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "protection_alert_dismissals_owner" ON "protection_alert_dismissals" AS PERMISSIVE FOR ALL TO "app_user" USING ("protection_alert_dismissals"."user_id" = current_setting('app.user_id', true) or current_setting('app.is_admin', true) = 'true') WITH CHECK ("protection_alert_dismissals"."user_id" = current_setting('app.user_id', true) or current_setting('app.is_admin', true) = 'true');