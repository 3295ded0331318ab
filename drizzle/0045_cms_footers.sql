CREATE TABLE "cms_footers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"content" jsonb NOT NULL,
	"is_active" boolean DEFAULT false NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cms_footers" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "cms_footers" ADD CONSTRAINT "cms_footers_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cms_footers_one_active_idx" ON "cms_footers" USING btree ("is_active") WHERE "cms_footers"."is_active";--> statement-breakpoint
CREATE INDEX "cms_footers_updated_idx" ON "cms_footers" USING btree ("updated_at");--> statement-breakpoint
CREATE POLICY "cms_footers_read_active" ON "cms_footers" AS PERMISSIVE FOR SELECT TO "app_user" USING ("cms_footers"."is_active");--> statement-breakpoint
CREATE POLICY "cms_footers_admin_all" ON "cms_footers" AS PERMISSIVE FOR ALL TO "app_user" USING (current_setting('app.is_admin', true) = 'true') WITH CHECK (current_setting('app.is_admin', true) = 'true');--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "cms_footers" TO app_user;