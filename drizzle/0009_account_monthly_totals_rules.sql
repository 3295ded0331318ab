-- account_monthly_totals is read by its owner and written only by the triggers below, which
-- run as the table's owner (SECURITY DEFINER), so a user cannot write a total directly. Each
-- statement that changes transactions adds its net change per account, month and type in the
-- same transaction, like the balance (ADR 0017). Rows whose count falls to 0 stay, with 0.
GRANT SELECT ON "account_monthly_totals" TO app_user;--> statement-breakpoint

-- One function per event: a trigger function may read only the transition tables its trigger names.
CREATE FUNCTION transactions_monthly_totals_insert() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  INSERT INTO account_monthly_totals AS t (account_id, user_id, month, type, total_pence, transaction_count)
    SELECT account_id, user_id, date_trunc('month', date)::date, type, sum(amount_pence), count(*)
      FROM new_rows GROUP BY 1, 2, 3, 4 ORDER BY 1, 3, 4
    ON CONFLICT (account_id, month, type) DO UPDATE
      SET total_pence = t.total_pence + excluded.total_pence,
          transaction_count = t.transaction_count + excluded.transaction_count;
  RETURN NULL;
END $$;--> statement-breakpoint

CREATE FUNCTION transactions_monthly_totals_delete() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  UPDATE account_monthly_totals t
    SET total_pence = t.total_pence - d.total, transaction_count = t.transaction_count - d.n
    FROM (
      SELECT account_id, date_trunc('month', date)::date AS month, type, sum(amount_pence) AS total, count(*) AS n
        FROM old_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ) d
    WHERE t.account_id = d.account_id AND t.month = d.month AND t.type = d.type;
  RETURN NULL;
END $$;--> statement-breakpoint

CREATE FUNCTION transactions_monthly_totals_update() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  INSERT INTO account_monthly_totals AS t (account_id, user_id, month, type, total_pence, transaction_count)
    SELECT c.account_id, c.user_id, c.month, c.type, sum(c.amount), sum(c.n)
      FROM (
        SELECT account_id, user_id, date_trunc('month', date)::date AS month, type, amount_pence AS amount, 1 AS n FROM new_rows
        UNION ALL
        SELECT account_id, user_id, date_trunc('month', date)::date, type, -amount_pence, -1 FROM old_rows
      ) c
      GROUP BY 1, 2, 3, 4
      HAVING sum(c.n) <> 0 OR sum(c.amount) <> 0
      ORDER BY 1, 3, 4
    ON CONFLICT (account_id, month, type) DO UPDATE
      SET total_pence = t.total_pence + excluded.total_pence,
          transaction_count = t.transaction_count + excluded.transaction_count;
  RETURN NULL;
END $$;--> statement-breakpoint

CREATE TRIGGER transactions_monthly_totals_insert AFTER INSERT ON "transactions"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transactions_monthly_totals_insert();--> statement-breakpoint
CREATE TRIGGER transactions_monthly_totals_update AFTER UPDATE ON "transactions"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transactions_monthly_totals_update();--> statement-breakpoint
CREATE TRIGGER transactions_monthly_totals_delete AFTER DELETE ON "transactions"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION transactions_monthly_totals_delete();--> statement-breakpoint

-- Totals for the transactions already there.
INSERT INTO account_monthly_totals (account_id, user_id, month, type, total_pence, transaction_count)
  SELECT account_id, user_id, date_trunc('month', date)::date, type, sum(amount_pence), count(*)
    FROM transactions GROUP BY 1, 2, 3, 4;
