-- Issue 26: the dashboard's newest entries read in the user-and-date index's own order, stopping at
-- the last one shown. In the dashboard's statement the planner sorted every entry of the saver
-- instead (a bitmap scan, then a sort: 0.47 ms of the statement's 0.58 at 1,200 entries, growing with
-- the history): under row-level security it multiplies the policy's selectivity into the user's,
-- expects a handful of rows, and so prices reading the index in order as reading all of it. Here
-- the sort is priced out (`enable_sort = off` for this function only), so the ordered scan wins
-- whatever the estimate; PL/pgSQL keeps the plan for the session. Row-level security applies as
-- before (SECURITY INVOKER). Additive: an older instance never calls it.
CREATE FUNCTION recent_entries(owner text, how_many integer)
  RETURNS TABLE (entry_id uuid, entry_account_id uuid, entry_amount_pence bigint, entry_date date, entry_type text, entry_notes text)
  LANGUAGE plpgsql STABLE SET enable_sort = off AS $$
BEGIN
  RETURN QUERY
    SELECT t.id, t.account_id, t.amount_pence, t.date, t.type, t.notes FROM transactions t
     WHERE t.user_id = owner
       AND t.account_id NOT IN (SELECT x.id FROM accounts x WHERE x.user_id = owner AND x.archived_at IS NOT NULL)
     ORDER BY t.date DESC NULLS LAST, t.id DESC NULLS LAST
     LIMIT how_many;
END $$;
