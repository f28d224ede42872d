-- The per-account monthly rollup also sums base amounts (net_base_minor) and counts the rows without one
-- (unconverted), so the budget's starting money reads an on-budget account in another currency from the
-- rollup (months × accounts) instead of every earlier row. Constant defaults: no table rewrite.
ALTER TABLE "account_monthly_totals" ADD COLUMN "net_base_minor" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "account_monthly_totals" ADD COLUMN "unconverted" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "transactions_maintain_account_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A statement that only rewrites base amounts (the base-currency recompute) sets this for its
  -- transaction; the recompute rebuilds the base columns from the rows when it is done (finu_rebuild_rollups).
  IF current_setting('finu.base_amounts_only', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO account_monthly_totals AS m (account_id, user_id, month, net_minor, cleared_minor, count, net_base_minor, unconverted)
    SELECT n.account_id, n.user_id, date_trunc('month', n.date)::date,
      sum(CASE WHEN n.type = 'income' THEN n.amount_minor ELSE -n.amount_minor END),
      sum(CASE WHEN NOT n.cleared THEN 0 WHEN n.type = 'income' THEN n.amount_minor ELSE -n.amount_minor END), count(*),
      coalesce(sum(CASE WHEN n.type = 'income' THEN n.base_amount_minor ELSE -n.base_amount_minor END), 0),
      count(*) FILTER (WHERE n.base_amount_minor IS NULL)
    FROM (SELECT * FROM new_rows WHERE parent_id IS NULL) AS n
    GROUP BY 1, 2, 3
    ORDER BY 1, 3
    ON CONFLICT (account_id, month)
    DO UPDATE SET net_minor = m.net_minor + excluded.net_minor, cleared_minor = m.cleared_minor + excluded.cleared_minor, count = m.count + excluded.count,
      net_base_minor = m.net_base_minor + excluded.net_base_minor, unconverted = m.unconverted + excluded.unconverted;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE account_monthly_totals AS m
    SET net_minor = m.net_minor - o.net_minor, cleared_minor = m.cleared_minor - o.cleared_minor, count = m.count - o.count,
      net_base_minor = m.net_base_minor - o.net_base_minor, unconverted = m.unconverted - o.unconverted
    FROM (
      SELECT account_id, date_trunc('month', date)::date AS month,
        sum(CASE WHEN type = 'income' THEN amount_minor ELSE -amount_minor END) AS net_minor,
        sum(CASE WHEN NOT cleared THEN 0 WHEN type = 'income' THEN amount_minor ELSE -amount_minor END) AS cleared_minor, count(*) AS count,
        coalesce(sum(CASE WHEN type = 'income' THEN base_amount_minor ELSE -base_amount_minor END), 0) AS net_base_minor,
        count(*) FILTER (WHERE base_amount_minor IS NULL) AS unconverted
      FROM old_rows WHERE parent_id IS NULL GROUP BY 1, 2
    ) AS o
    WHERE m.account_id = o.account_id AND m.month = o.month;
    DELETE FROM account_monthly_totals AS m
    USING (SELECT DISTINCT account_id, date_trunc('month', date)::date AS month FROM old_rows) AS o
    WHERE m.account_id = o.account_id AND m.month = o.month AND m.count = 0;
  ELSE
    INSERT INTO account_monthly_totals AS m (account_id, user_id, month, net_minor, cleared_minor, count, net_base_minor, unconverted)
    SELECT c.account_id, c.user_id, c.month, sum(c.net_minor), sum(c.cleared_minor), sum(c.count), sum(c.net_base_minor), sum(c.unconverted)
    FROM (
      SELECT account_id, user_id, date_trunc('month', date)::date AS month,
        CASE WHEN type = 'income' THEN amount_minor ELSE -amount_minor END AS net_minor,
        CASE WHEN NOT cleared THEN 0 WHEN type = 'income' THEN amount_minor ELSE -amount_minor END AS cleared_minor, 1 AS count,
        coalesce(CASE WHEN type = 'income' THEN base_amount_minor ELSE -base_amount_minor END, 0) AS net_base_minor,
        CASE WHEN base_amount_minor IS NULL THEN 1 ELSE 0 END AS unconverted
      FROM new_rows WHERE parent_id IS NULL
      UNION ALL
      SELECT account_id, user_id, date_trunc('month', date)::date,
        CASE WHEN type = 'income' THEN -amount_minor ELSE amount_minor END,
        CASE WHEN NOT cleared THEN 0 WHEN type = 'income' THEN -amount_minor ELSE amount_minor END, -1,
        coalesce(CASE WHEN type = 'income' THEN -base_amount_minor ELSE base_amount_minor END, 0),
        CASE WHEN base_amount_minor IS NULL THEN -1 ELSE 0 END
      FROM old_rows WHERE parent_id IS NULL
    ) AS c
    GROUP BY c.account_id, c.user_id, c.month
    HAVING sum(c.net_minor) <> 0 OR sum(c.cleared_minor) <> 0 OR sum(c.count) <> 0 OR sum(c.net_base_minor) <> 0 OR sum(c.unconverted) <> 0
    ORDER BY c.account_id, c.month
    ON CONFLICT (account_id, month)
    DO UPDATE SET net_minor = m.net_minor + excluded.net_minor, cleared_minor = m.cleared_minor + excluded.cleared_minor, count = m.count + excluded.count,
      net_base_minor = m.net_base_minor + excluded.net_base_minor, unconverted = m.unconverted + excluded.unconverted;
    DELETE FROM account_monthly_totals AS m
    USING (SELECT DISTINCT account_id, date_trunc('month', date)::date AS month FROM old_rows) AS o
    WHERE m.account_id = o.account_id AND m.month = o.month AND m.count = 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The base columns of one account-month from its rows (top-level rows; split lines repeat their parent).
CREATE FUNCTION "finu_account_base_totals"(uids uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE account_monthly_totals AS m
  SET net_base_minor = coalesce(s.net_base_minor, 0), unconverted = coalesce(s.unconverted, 0)
  FROM account_monthly_totals AS k
  LEFT JOIN (
    SELECT account_id, date_trunc('month', date)::date AS month,
      sum(CASE WHEN type = 'income' THEN base_amount_minor ELSE -base_amount_minor END) AS net_base_minor,
      count(*) FILTER (WHERE base_amount_minor IS NULL) AS unconverted
    FROM transactions WHERE parent_id IS NULL AND user_id = ANY(uids) GROUP BY 1, 2
  ) AS s ON s.account_id = k.account_id AND s.month = k.month
  WHERE m.account_id = k.account_id AND m.month = k.month AND k.user_id = ANY(uids);
$$;
--> statement-breakpoint
-- The rollups rebuilt from the rows (the recompute's end and rebuildRollups) take the account base columns too.
CREATE OR REPLACE FUNCTION "finu_rebuild_rollups"(uids uuid[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM transaction_daily_totals WHERE user_id = ANY(uids);
  DELETE FROM transaction_monthly_totals WHERE user_id = ANY(uids);
  DELETE FROM transaction_merchant_daily WHERE user_id = ANY(uids);
  DELETE FROM transaction_merchant_monthly WHERE user_id = ANY(uids);
  INSERT INTO transaction_daily_totals (user_id, day, category, type, total_minor, count, unconverted)
  SELECT n.user_id, n.date, n.category, n.type, coalesce(sum(n.base_minor), 0), count(*), count(*) FILTER (WHERE n.base_minor IS NULL)
  FROM (SELECT r.*, CASE WHEN r.base_amount_minor IS NOT NULL THEN r.base_amount_minor WHEN a.currency IS NULL OR a.currency = u.currency THEN r.amount_minor END AS base_minor FROM transactions AS r LEFT JOIN accounts AS a ON a.id = r.account_id LEFT JOIN users AS u ON u.id = r.user_id WHERE r.counts AND r.user_id = ANY(uids)) AS n GROUP BY 1, 2, 3, 4;
  INSERT INTO transaction_monthly_totals (user_id, month, category, type, total_minor, count, unconverted)
  SELECT user_id, date_trunc('month', day)::date, category, type, sum(total_minor), sum(count), sum(unconverted)
  FROM transaction_daily_totals WHERE user_id = ANY(uids) GROUP BY 1, 2, 3, 4;
  INSERT INTO transaction_merchant_daily (user_id, day, merchant, total_minor, count)
  SELECT n.user_id, n.date, n.merchant, coalesce(sum(n.base_minor), 0), count(*)
  FROM (SELECT r.*, CASE WHEN r.base_amount_minor IS NOT NULL THEN r.base_amount_minor WHEN a.currency IS NULL OR a.currency = u.currency THEN r.amount_minor END AS base_minor FROM transactions AS r LEFT JOIN accounts AS a ON a.id = r.account_id LEFT JOIN users AS u ON u.id = r.user_id WHERE r.counts AND r.user_id = ANY(uids)) AS n WHERE n.type = 'expense' AND n.merchant IS NOT NULL AND n.merchant <> '' GROUP BY 1, 2, 3;
  INSERT INTO transaction_merchant_monthly (user_id, month, merchant, total_minor, count)
  SELECT user_id, date_trunc('month', day)::date, merchant, sum(total_minor), sum(count)
  FROM transaction_merchant_daily WHERE user_id = ANY(uids) GROUP BY 1, 2, 3;
  SELECT finu_account_base_totals(uids);
$$;
--> statement-breakpoint
-- Every existing account-month once: one read of the rows grouped by account and month, no row written
-- but the rollup's (a few per account and month).
SELECT finu_account_base_totals(coalesce((SELECT array_agg(DISTINCT user_id) FROM account_monthly_totals), '{}'));
