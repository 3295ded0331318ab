-- A check that fails its transaction: a write sent with its own checks and its COMMIT in one go
-- (docs/decisions/0049's addendum) stops there when what it needs is not found (SQLSTATE P0002),
-- so nothing after it runs and COMMIT becomes a rollback. Additive: an older instance never calls it.
CREATE FUNCTION require_found(present boolean, message text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF present IS NOT TRUE THEN
    RAISE EXCEPTION USING ERRCODE = 'P0002', MESSAGE = message;
  END IF;
END $$;
