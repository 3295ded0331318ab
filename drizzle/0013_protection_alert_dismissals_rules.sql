-- The owner reads, adds and replaces their own alert dismissals (row-level security in 0012
-- keeps them to their rows; docs/decisions/0025-alert-dismissals-on-the-server.md).
GRANT SELECT, INSERT, UPDATE, DELETE ON "protection_alert_dismissals" TO app_user;
