-- The owner reads, adds and replaces their own Smart Pig preferences (row-level security in 0017
-- keeps them to their row).
GRANT SELECT, INSERT, UPDATE, DELETE ON "smart_pig_preferences" TO app_user;
