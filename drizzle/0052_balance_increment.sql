-- Issue 26: an insert of entries that are not statements moves the balance by what it adds, not by
-- a recompute of the whole ledger. The rule (0034, 0038) sums every entry after the latest
-- statement, so each deposit cost a scan that grew with the account's history (1.4 ms a deposit
-- on PGlite at a few hundred entries). The stored balance already is the rule's answer for the
-- rows before the insert (the triggers keep it, and only `recalculate_account_balance` and the
-- diagnostics' repair set it otherwise, by the same rule), so the rule's answer after the insert
-- is the stored one plus the new entries the rule counts: those after the account's latest
-- statement, by the rule's own order (date, recorded at, id). An insert with a statement in it,
-- an update and a delete recompute as before. The account's lock is still taken first, in id
-- order, so the balance and the latest statement are read after any writer it waited for
-- committed (READ COMMITTED: each statement here has a fresh snapshot). Nothing an older
-- instance relies on changes: the same trigger, the same balances.
CREATE OR REPLACE FUNCTION transactions_apply_to_balance() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched uuid[];
  adds_only boolean := false;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT account_id) INTO touched FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT account_id) INTO touched FROM old_rows;
  ELSE
    SELECT array_agg(DISTINCT account_id) INTO touched
      FROM (SELECT account_id FROM new_rows UNION SELECT account_id FROM old_rows) changed;
  END IF;
  IF touched IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM 1 FROM accounts WHERE id = ANY (touched) ORDER BY id FOR NO KEY UPDATE;
  -- Two tests, not one AND: a DELETE's trigger has no new_rows to name.
  IF TG_OP = 'INSERT' THEN
    adds_only := NOT EXISTS (SELECT 1 FROM new_rows WHERE type IN ('opening_balance', 'balance_update'));
  END IF;
  IF adds_only THEN
    -- Each account's latest statement once, then what the new entries after it add.
    WITH latest AS (
      SELECT t.id AS account_id, s.date, s.created_at, s.id AS statement_id
        FROM unnest(touched) AS t(id)
        LEFT JOIN LATERAL (
          SELECT s.date, s.created_at, s.id FROM transactions s
           WHERE s.account_id = t.id AND s.type IN ('opening_balance', 'balance_update')
           ORDER BY s.date DESC NULLS LAST, s.created_at DESC NULLS LAST, s.id DESC NULLS LAST
           LIMIT 1
        ) s ON true
    ), added AS (
      SELECT latest.account_id, coalesce(sum(n.amount_pence), 0) AS pence
        FROM latest
        LEFT JOIN new_rows n ON n.account_id = latest.account_id
         AND (latest.statement_id IS NULL
              OR (n.date, n.created_at, n.id) > (latest.date, latest.created_at, latest.statement_id))
       GROUP BY latest.account_id
    )
    UPDATE accounts a SET balance_pence = a.balance_pence + added.pence, ledger_version = a.ledger_version + 1
      FROM added
     WHERE a.id = added.account_id;
  ELSE
    UPDATE accounts a SET balance_pence = account_balance_by_rule(a.id), ledger_version = a.ledger_version + 1
      WHERE a.id = ANY (touched);
  END IF;
  RETURN NULL;
END $$;
