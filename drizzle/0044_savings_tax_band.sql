CREATE TYPE "public"."savings_tax_band" AS ENUM('basic', 'higher', 'additional');--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "savings_tax_band" "savings_tax_band";--> statement-breakpoint
-- The owner chooses their band in Settings: user_settings_guard (0003) refuses only the columns it
-- names (an admin's), so this new column is the owner's to write without changing the trigger.
COMMENT ON COLUMN "user_settings"."savings_tax_band" IS 'Owner-editable: the income tax band of the dashboard''s savings tax estimate (ADR 0056)';
