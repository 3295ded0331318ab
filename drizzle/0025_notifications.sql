CREATE TABLE "notification_digest_preferences" (
	"user_id" text PRIMARY KEY NOT NULL,
	"kinds" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_digest_preferences_kinds" CHECK (cardinality("notification_digest_preferences"."kinds") <= 20)
);
--> statement-breakpoint
ALTER TABLE "notification_digest_preferences" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "notification_digest_sends" (
	"user_id" text NOT NULL,
	"day" date NOT NULL,
	"notification_count" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_digest_sends_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
ALTER TABLE "notification_digest_sends" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "notification_dismissals" (
	"user_id" text NOT NULL,
	"notification_id" text NOT NULL,
	"dismissed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "notification_dismissals_user_id_notification_id_pk" PRIMARY KEY("user_id","notification_id"),
	CONSTRAINT "notification_dismissals_sizes" CHECK (length("notification_dismissals"."notification_id") <= 300)
);
--> statement-breakpoint
ALTER TABLE "notification_dismissals" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "notification_digest_preferences" ADD CONSTRAINT "notification_digest_preferences_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_digest_sends" ADD CONSTRAINT "notification_digest_sends_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_dismissals" ADD CONSTRAINT "notification_dismissals_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "notification_digest_preferences_owner" ON "notification_digest_preferences" AS PERMISSIVE FOR ALL TO "app_user" USING ("notification_digest_preferences"."user_id" = current_setting('app.user_id', true) or current_setting('app.is_admin', true) = 'true') WITH CHECK ("notification_digest_preferences"."user_id" = current_setting('app.user_id', true) or current_setting('app.is_admin', true) = 'true');--> statement-breakpoint
CREATE POLICY "notification_digest_sends_owner" ON "notification_digest_sends" AS PERMISSIVE FOR ALL TO "app_user" USING ("notification_digest_sends"."user_id" = current_setting('app.user_id', true) or current_setting('app.is_admin', true) = 'true') WITH CHECK ("notification_digest_sends"."user_id" = current_setting('app.user_id', true) or current_setting('app.is_admin', true) = 'true');--> statement-breakpoint
CREATE POLICY "notification_dismissals_owner" ON "notification_dismissals" AS PERMISSIVE FOR ALL TO "app_user" USING ("notification_dismissals"."user_id" = current_setting('app.user_id', true) or current_setting('app.is_admin', true) = 'true') WITH CHECK ("notification_dismissals"."user_id" = current_setting('app.user_id', true) or current_setting('app.is_admin', true) = 'true');