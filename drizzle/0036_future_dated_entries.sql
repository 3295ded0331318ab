-- Issue 24: an entry dated after the UK today is scheduled, not money today (ADR 0044). The stored
-- balance keeps the rule over every entry (it cannot follow the calendar without a write); what
-- the account holds on a day is read through this function, core's `balanceOnDay` in SQL, with
-- the UK today from the server's clock. An account with nothing dated after the day (nearly all)
-- answers its stored balance after one probe of transactions_account_date_idx.
CREATE OR REPLACE FUNCTION account_balance_on(target uuid, stored bigint, day date) RETURNS bigint LANGUAGE plpgsql STABLE AS $$
DECLARE
  gov_date date;
  gov_recorded timestamptz;
  gov_id uuid;
  gov_amount bigint;
  first_date date;
  first_recorded timestamptz;
  first_id uuid;
  first_amount bigint;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM transactions f WHERE f.account_id = target AND f.date > day) THEN
    RETURN stored;
  END IF;
  -- The latest statement dated on or before the day sets the balance; the entries after it to the day add to it.
  SELECT s.date, s.created_at, s.id, s.amount_pence INTO gov_date, gov_recorded, gov_id, gov_amount
    FROM transactions s
   WHERE s.account_id = target AND s.type IN ('opening_balance', 'balance_update') AND s.date <= day
   ORDER BY s.date DESC NULLS LAST, s.created_at DESC NULLS LAST, s.id DESC NULLS LAST
   LIMIT 1;
  IF FOUND THEN
    RETURN (gov_amount + coalesce((
      SELECT sum(t.amount_pence) FROM transactions t
       WHERE t.account_id = target AND t.date >= gov_date AND t.date <= day
         AND (t.date, t.created_at, t.id) > (gov_date, gov_recorded, gov_id)
         AND t.type NOT IN ('opening_balance', 'balance_update')
    ), 0))::bigint;
  END IF;
  -- Every statement is dated after the day: the first one, less the entries between the day and it.
  SELECT s.date, s.created_at, s.id, s.amount_pence INTO first_date, first_recorded, first_id, first_amount
    FROM transactions s
   WHERE s.account_id = target AND s.type IN ('opening_balance', 'balance_update')
   ORDER BY s.date ASC, s.created_at DESC, s.id DESC
   LIMIT 1;
  IF FOUND THEN
    RETURN (first_amount - coalesce((
      SELECT sum(t.amount_pence) FROM transactions t
       WHERE t.account_id = target AND t.date > day AND t.date <= first_date
         AND (t.date, t.created_at, t.id) < (first_date, first_recorded, first_id)
         AND t.type NOT IN ('opening_balance', 'balance_update')
    ), 0))::bigint;
  END IF;
  -- No statement: the stored balance is the sum of every entry.
  RETURN (stored - coalesce((SELECT sum(t.amount_pence) FROM transactions t WHERE t.account_id = target AND t.date > day), 0))::bigint;
END $$;
