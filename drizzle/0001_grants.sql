-- Grants for the NOLOGIN role that every request transaction switches to (see src/server/db/rls.ts).
-- Auth tables (user, session, account, verification, rate_limit) and server tables (jobs,
-- job_schedules, system_secrets, throttles) are deliberately not granted.
GRANT USAGE ON SCHEMA public TO app_user;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "profiles" TO app_user;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "user_roles" TO app_user;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "contact_inquiries" TO app_user;
