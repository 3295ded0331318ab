-- Notifications (docs/decisions/0035-notification-dismissals-and-digest.md). Row-level security in
-- 0025 keeps each user to their own rows. The owner reads, adds, replaces and prunes their
-- dismissals and sets their digest kinds; a digest's send record is only ever added (its key,
-- user and UK day, is what makes the digest go once), never changed or removed by the user.
GRANT SELECT, INSERT, UPDATE, DELETE ON "notification_dismissals" TO app_user;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON "notification_digest_preferences" TO app_user;
--> statement-breakpoint
GRANT SELECT, INSERT ON "notification_digest_sends" TO app_user;
