-- The admin audit log in the order it was written: entries of one save could share a created_at
-- (PGlite's clock ticks coarsely) and were then ordered by their random ids. Existing rows are
-- numbered in no particular order; every entry written from now on is numbered as it is written.
-- Additive: an older instance's inserts, which do not name the column, are numbered too.
ALTER TABLE "admin_audit_log" ADD COLUMN "seq" bigint NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "admin_audit_log_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1);