ALTER TABLE "bank_references" ADD COLUMN "search_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_references" ADD COLUMN "everyday_search" text;