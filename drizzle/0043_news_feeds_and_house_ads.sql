CREATE TABLE "ad_campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"link" text NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ad_campaigns" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "news_feeds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"url" text NOT NULL,
	"title" text NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"etag" text,
	"last_modified" text,
	"last_fetched_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "news_feeds" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "news_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"feed_id" uuid NOT NULL,
	"guid" text,
	"link" text,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "news_items" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "news_items" ADD CONSTRAINT "news_items_feed_id_news_feeds_id_fk" FOREIGN KEY ("feed_id") REFERENCES "public"."news_feeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_campaigns_dates_idx" ON "ad_campaigns" USING btree ("starts_on","ends_on");--> statement-breakpoint
CREATE UNIQUE INDEX "news_feeds_url_idx" ON "news_feeds" USING btree ("url");--> statement-breakpoint
CREATE UNIQUE INDEX "news_items_link_idx" ON "news_items" USING btree ("link") WHERE "news_items"."link" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "news_items_guid_idx" ON "news_items" USING btree ("feed_id","guid") WHERE "news_items"."guid" is not null;--> statement-breakpoint
CREATE INDEX "news_items_published_idx" ON "news_items" USING btree ("published_at");--> statement-breakpoint
CREATE POLICY "ad_campaigns_signed_in_read" ON "ad_campaigns" AS PERMISSIVE FOR SELECT TO "app_user" USING (coalesce(current_setting('app.user_id', true), '') <> '');--> statement-breakpoint
CREATE POLICY "ad_campaigns_admin_all" ON "ad_campaigns" AS PERMISSIVE FOR ALL TO "app_user" USING (current_setting('app.is_admin', true) = 'true') WITH CHECK (current_setting('app.is_admin', true) = 'true');--> statement-breakpoint
CREATE POLICY "news_feeds_signed_in_read" ON "news_feeds" AS PERMISSIVE FOR SELECT TO "app_user" USING (coalesce(current_setting('app.user_id', true), '') <> '');--> statement-breakpoint
CREATE POLICY "news_feeds_admin_all" ON "news_feeds" AS PERMISSIVE FOR ALL TO "app_user" USING (current_setting('app.is_admin', true) = 'true') WITH CHECK (current_setting('app.is_admin', true) = 'true');--> statement-breakpoint
CREATE POLICY "news_items_signed_in_read" ON "news_items" AS PERMISSIVE FOR SELECT TO "app_user" USING (coalesce(current_setting('app.user_id', true), '') <> '');--> statement-breakpoint
CREATE POLICY "news_items_admin_all" ON "news_items" AS PERMISSIVE FOR ALL TO "app_user" USING (current_setting('app.is_admin', true) = 'true') WITH CHECK (current_setting('app.is_admin', true) = 'true');--> statement-breakpoint
-- Issue 29 (ADR 0058): signed-in users read the feeds, items and campaigns (the routes gate by plan);
-- admins write them. The fetch job runs as the owner role, outside row-level security.
GRANT SELECT, INSERT, UPDATE, DELETE ON "news_feeds" TO app_user;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "news_items" TO app_user;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "ad_campaigns" TO app_user;
