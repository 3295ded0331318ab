CREATE TABLE "reference_data_version" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "reference_data_version_one_row" CHECK ("reference_data_version"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "reference_data_version" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "user_data_versions" (
	"user_id" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_data_versions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "user_data_versions" ADD CONSTRAINT "user_data_versions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "reference_data_version_read_all" ON "reference_data_version" AS PERMISSIVE FOR SELECT TO "app_user" USING (true);--> statement-breakpoint
CREATE POLICY "user_data_versions_owner_read" ON "user_data_versions" AS PERMISSIVE FOR SELECT TO "app_user" USING ("user_data_versions"."user_id" = current_setting('app.user_id', true) or current_setting('app.is_admin', true) = 'true');