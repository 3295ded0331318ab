-- The dashboard's "coming up" now reads account_terms (a fixed term's maturity, issue 24), so a
-- change to a term must change the saver's data version like any other table the dashboard reads
-- (docs/decisions/0039-the-dashboard-answer-cache.md; oracle.test.ts EXPLAINs the statements).
CREATE TRIGGER account_terms_data_version_insert AFTER INSERT ON account_terms REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_user_data_versions();--> statement-breakpoint
CREATE TRIGGER account_terms_data_version_update AFTER UPDATE ON account_terms REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_user_data_versions();--> statement-breakpoint
CREATE TRIGGER account_terms_data_version_delete AFTER DELETE ON account_terms REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_user_data_versions();
