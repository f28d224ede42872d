-- The base-currency recompute rewrites only base_amount_minor, in pages; each page's UPDATE fired the
-- category, merchant and account rollup triggers (statement-level, a join of every changed row), and the
-- job then rebuilt the category and merchant rollups from the rows anyway. The recompute now sets
-- `finu.base_amounts_only` for its own transactions (set_config(..., true): that transaction only); the
-- triggers skip such statements. Account totals do not read base amounts (their delta is zero); the
-- category and merchant rollups are rebuilt by finu_rebuild_rollups when the job finishes. Every other
-- writer leaves the setting unset and keeps the triggers as they were. Function bodies only: no table rewrite.
CREATE OR REPLACE FUNCTION "transactions_maintain_daily_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A statement that only rewrites base amounts (the base-currency recompute) sets this for its
  -- transaction: it moves no balance, and the rollups are rebuilt from the rows once it is done.
  IF current_setting('finu.base_amounts_only', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO transaction_daily_totals AS d (user_id, day, category, type, total_minor, count, unconverted)
    SELECT n.user_id, n.date, n.category, n.type, coalesce(sum(n.base_minor), 0), count(*), count(*) FILTER (WHERE n.base_minor IS NULL)
    FROM (SELECT r.*, CASE WHEN r.base_amount_minor IS NOT NULL THEN r.base_amount_minor WHEN a.currency IS NULL OR a.currency = u.currency THEN r.amount_minor END AS base_minor FROM new_rows AS r LEFT JOIN accounts AS a ON a.id = r.account_id LEFT JOIN users AS u ON u.id = r.user_id WHERE r.counts) AS n
    GROUP BY n.user_id, n.date, n.category, n.type
    ORDER BY n.user_id, n.date, n.category, n.type
    ON CONFLICT (user_id, day, category, type)
    DO UPDATE SET total_minor = d.total_minor + excluded.total_minor, count = d.count + excluded.count, unconverted = d.unconverted + excluded.unconverted;
    INSERT INTO transaction_monthly_totals AS m (user_id, month, category, type, total_minor, count, unconverted)
    SELECT n.user_id, date_trunc('month', n.date)::date, n.category, n.type, coalesce(sum(n.base_minor), 0), count(*), count(*) FILTER (WHERE n.base_minor IS NULL)
    FROM (SELECT r.*, CASE WHEN r.base_amount_minor IS NOT NULL THEN r.base_amount_minor WHEN a.currency IS NULL OR a.currency = u.currency THEN r.amount_minor END AS base_minor FROM new_rows AS r LEFT JOIN accounts AS a ON a.id = r.account_id LEFT JOIN users AS u ON u.id = r.user_id WHERE r.counts) AS n
    GROUP BY n.user_id, date_trunc('month', n.date)::date, n.category, n.type
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (user_id, month, category, type)
    DO UPDATE SET total_minor = m.total_minor + excluded.total_minor, count = m.count + excluded.count, unconverted = m.unconverted + excluded.unconverted;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE transaction_daily_totals AS d
    SET total_minor = d.total_minor - o.total_minor, count = d.count - o.count, unconverted = d.unconverted - o.unconverted
    FROM (
      SELECT user_id, date, category, type, coalesce(sum(base_minor), 0) AS total_minor, count(*) AS count, count(*) FILTER (WHERE base_minor IS NULL) AS unconverted
      FROM (SELECT r.*, CASE WHEN r.base_amount_minor IS NOT NULL THEN r.base_amount_minor WHEN a.currency IS NULL OR a.currency = u.currency THEN r.amount_minor END AS base_minor FROM old_rows AS r LEFT JOIN accounts AS a ON a.id = r.account_id LEFT JOIN users AS u ON u.id = r.user_id WHERE r.counts) AS old_rows GROUP BY user_id, date, category, type
    ) AS o
    WHERE d.user_id = o.user_id AND d.day = o.date AND d.category = o.category AND d.type = o.type;
    DELETE FROM transaction_daily_totals AS d
    USING (SELECT DISTINCT user_id, date, category, type FROM (SELECT * FROM old_rows WHERE counts) AS old_rows) AS o
    WHERE d.user_id = o.user_id AND d.day = o.date AND d.category = o.category AND d.type = o.type AND d.count = 0;
    UPDATE transaction_monthly_totals AS m
    SET total_minor = m.total_minor - o.total_minor, count = m.count - o.count, unconverted = m.unconverted - o.unconverted
    FROM (
      SELECT user_id, date_trunc('month', date)::date AS month, category, type, coalesce(sum(base_minor), 0) AS total_minor, count(*) AS count, count(*) FILTER (WHERE base_minor IS NULL) AS unconverted
      FROM (SELECT r.*, CASE WHEN r.base_amount_minor IS NOT NULL THEN r.base_amount_minor WHEN a.currency IS NULL OR a.currency = u.currency THEN r.amount_minor END AS base_minor FROM old_rows AS r LEFT JOIN accounts AS a ON a.id = r.account_id LEFT JOIN users AS u ON u.id = r.user_id WHERE r.counts) AS old_rows GROUP BY 1, 2, 3, 4
    ) AS o
    WHERE m.user_id = o.user_id AND m.month = o.month AND m.category = o.category AND m.type = o.type;
    DELETE FROM transaction_monthly_totals AS m
    USING (SELECT DISTINCT user_id, date_trunc('month', date)::date AS month, category, type FROM (SELECT * FROM old_rows WHERE counts) AS old_rows) AS o
    WHERE m.user_id = o.user_id AND m.month = o.month AND m.category = o.category AND m.type = o.type AND m.count = 0;
  ELSE
    INSERT INTO transaction_daily_totals AS d (user_id, day, category, type, total_minor, count, unconverted)
    SELECT c.user_id, c.date, c.category, c.type, sum(c.total_minor), sum(c.count), sum(c.unconverted)
    FROM (
      SELECT user_id, date, category, type, coalesce(base_minor, 0) AS total_minor, 1 AS count, CASE WHEN base_minor IS NULL THEN 1 ELSE 0 END AS unconverted FROM (SELECT r.*, CASE WHEN r.base_amount_minor IS NOT NULL THEN r.base_amount_minor WHEN a.currency IS NULL OR a.currency = u.currency THEN r.amount_minor END AS base_minor FROM new_rows AS r LEFT JOIN accounts AS a ON a.id = r.account_id LEFT JOIN users AS u ON u.id = r.user_id WHERE r.counts) AS new_rows
      UNION ALL
      SELECT user_id, date, category, type, -coalesce(base_minor, 0), -1, CASE WHEN base_minor IS NULL THEN -1 ELSE 0 END FROM (SELECT r.*, CASE WHEN r.base_amount_minor IS NOT NULL THEN r.base_amount_minor WHEN a.currency IS NULL OR a.currency = u.currency THEN r.amount_minor END AS base_minor FROM old_rows AS r LEFT JOIN accounts AS a ON a.id = r.account_id LEFT JOIN users AS u ON u.id = r.user_id WHERE r.counts) AS old_rows
    ) AS c
    GROUP BY c.user_id, c.date, c.category, c.type
    HAVING sum(c.total_minor) <> 0 OR sum(c.count) <> 0 OR sum(c.unconverted) <> 0
    ORDER BY c.user_id, c.date, c.category, c.type
    ON CONFLICT (user_id, day, category, type)
    DO UPDATE SET total_minor = d.total_minor + excluded.total_minor, count = d.count + excluded.count, unconverted = d.unconverted + excluded.unconverted;
    DELETE FROM transaction_daily_totals AS d
    USING (SELECT DISTINCT user_id, date, category, type FROM (SELECT * FROM old_rows WHERE counts) AS old_rows) AS o
    WHERE d.user_id = o.user_id AND d.day = o.date AND d.category = o.category AND d.type = o.type AND d.count = 0;
    INSERT INTO transaction_monthly_totals AS m (user_id, month, category, type, total_minor, count, unconverted)
    SELECT c.user_id, c.month, c.category, c.type, sum(c.total_minor), sum(c.count), sum(c.unconverted)
    FROM (
      SELECT user_id, date_trunc('month', date)::date AS month, category, type, coalesce(base_minor, 0) AS total_minor, 1 AS count, CASE WHEN base_minor IS NULL THEN 1 ELSE 0 END AS unconverted FROM (SELECT r.*, CASE WHEN r.base_amount_minor IS NOT NULL THEN r.base_amount_minor WHEN a.currency IS NULL OR a.currency = u.currency THEN r.amount_minor END AS base_minor FROM new_rows AS r LEFT JOIN accounts AS a ON a.id = r.account_id LEFT JOIN users AS u ON u.id = r.user_id WHERE r.counts) AS new_rows
      UNION ALL
      SELECT user_id, date_trunc('month', date)::date, category, type, -coalesce(base_minor, 0), -1, CASE WHEN base_minor IS NULL THEN -1 ELSE 0 END FROM (SELECT r.*, CASE WHEN r.base_amount_minor IS NOT NULL THEN r.base_amount_minor WHEN a.currency IS NULL OR a.currency = u.currency THEN r.amount_minor END AS base_minor FROM old_rows AS r LEFT JOIN accounts AS a ON a.id = r.account_id LEFT JOIN users AS u ON u.id = r.user_id WHERE r.counts) AS old_rows
    ) AS c
    GROUP BY c.user_id, c.month, c.category, c.type
    HAVING sum(c.total_minor) <> 0 OR sum(c.count) <> 0 OR sum(c.unconverted) <> 0
    ORDER BY c.user_id, c.month, c.category, c.type
    ON CONFLICT (user_id, month, category, type)
    DO UPDATE SET total_minor = m.total_minor + excluded.total_minor, count = m.count + excluded.count, unconverted = m.unconverted + excluded.unconverted;
    DELETE FROM transaction_monthly_totals AS m
    USING (SELECT DISTINCT user_id, date_trunc('month', date)::date AS month, category, type FROM (SELECT * FROM old_rows WHERE counts) AS old_rows) AS o
    WHERE m.user_id = o.user_id AND m.month = o.month AND m.category = o.category AND m.type = o.type AND m.count = 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "transactions_maintain_merchant_daily"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A statement that only rewrites base amounts (the base-currency recompute) sets this for its
  -- transaction: it moves no balance, and the rollups are rebuilt from the rows once it is done.
  IF current_setting('finu.base_amounts_only', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO transaction_merchant_daily AS d (user_id, day, merchant, total_minor, count)
    SELECT n.user_id, n.date, n.merchant, coalesce(sum(n.base_minor), 0), count(*)
    FROM (SELECT r.*, CASE WHEN r.base_amount_minor IS NOT NULL THEN r.base_amount_minor WHEN a.currency IS NULL OR a.currency = u.currency THEN r.amount_minor END AS base_minor FROM new_rows AS r LEFT JOIN accounts AS a ON a.id = r.account_id LEFT JOIN users AS u ON u.id = r.user_id WHERE r.counts) AS n
    WHERE n.type = 'expense' AND n.merchant IS NOT NULL AND n.merchant <> ''
    GROUP BY n.user_id, n.date, n.merchant
    ORDER BY n.user_id, n.date, n.merchant
    ON CONFLICT (user_id, day, merchant)
    DO UPDATE SET total_minor = d.total_minor + excluded.total_minor, count = d.count + excluded.count;
    INSERT INTO transaction_merchant_monthly AS m (user_id, month, merchant, total_minor, count)
    SELECT n.user_id, date_trunc('month', n.date)::date, n.merchant, coalesce(sum(n.base_minor), 0), count(*)
    FROM (SELECT r.*, CASE WHEN r.base_amount_minor IS NOT NULL THEN r.base_amount_minor WHEN a.currency IS NULL OR a.currency = u.currency THEN r.amount_minor END AS base_minor FROM new_rows AS r LEFT JOIN accounts AS a ON a.id = r.account_id LEFT JOIN users AS u ON u.id = r.user_id WHERE r.counts) AS n
    WHERE n.type = 'expense' AND n.merchant IS NOT NULL AND n.merchant <> ''
    GROUP BY 1, 2, 3
    ORDER BY 1, 2, 3
    ON CONFLICT (user_id, month, merchant)
    DO UPDATE SET total_minor = m.total_minor + excluded.total_minor, count = m.count + excluded.count;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE transaction_merchant_daily AS d
    SET total_minor = d.total_minor - o.total_minor, count = d.count - o.count
    FROM (
      SELECT user_id, date, merchant, coalesce(sum(base_minor), 0) AS total_minor, count(*) AS count
      FROM (SELECT r.*, CASE WHEN r.base_amount_minor IS NOT NULL THEN r.base_amount_minor WHEN a.currency IS NULL OR a.currency = u.currency THEN r.amount_minor END AS base_minor FROM old_rows AS r LEFT JOIN accounts AS a ON a.id = r.account_id LEFT JOIN users AS u ON u.id = r.user_id WHERE r.counts) AS old_rows WHERE type = 'expense' AND merchant IS NOT NULL AND merchant <> ''
      GROUP BY user_id, date, merchant
    ) AS o
    WHERE d.user_id = o.user_id AND d.day = o.date AND d.merchant = o.merchant;
    DELETE FROM transaction_merchant_daily AS d
    USING (SELECT DISTINCT user_id, date, merchant FROM (SELECT * FROM old_rows WHERE counts) AS old_rows WHERE merchant IS NOT NULL) AS o
    WHERE d.user_id = o.user_id AND d.day = o.date AND d.merchant = o.merchant AND d.count = 0;
    UPDATE transaction_merchant_monthly AS m
    SET total_minor = m.total_minor - o.total_minor, count = m.count - o.count
    FROM (
      SELECT user_id, date_trunc('month', date)::date AS month, merchant, coalesce(sum(base_minor), 0) AS total_minor, count(*) AS count
      FROM (SELECT r.*, CASE WHEN r.base_amount_minor IS NOT NULL THEN r.base_amount_minor WHEN a.currency IS NULL OR a.currency = u.currency THEN r.amount_minor END AS base_minor FROM old_rows AS r LEFT JOIN accounts AS a ON a.id = r.account_id LEFT JOIN users AS u ON u.id = r.user_id WHERE r.counts) AS old_rows WHERE type = 'expense' AND merchant IS NOT NULL AND merchant <> ''
      GROUP BY 1, 2, 3
    ) AS o
    WHERE m.user_id = o.user_id AND m.month = o.month AND m.merchant = o.merchant;
    DELETE FROM transaction_merchant_monthly AS m
    USING (SELECT DISTINCT user_id, date_trunc('month', date)::date AS month, merchant FROM (SELECT * FROM old_rows WHERE counts) AS old_rows WHERE merchant IS NOT NULL) AS o
    WHERE m.user_id = o.user_id AND m.month = o.month AND m.merchant = o.merchant AND m.count = 0;
  ELSE
    INSERT INTO transaction_merchant_daily AS d (user_id, day, merchant, total_minor, count)
    SELECT c.user_id, c.date, c.merchant, sum(c.total_minor), sum(c.count)
    FROM (
      SELECT user_id, date, merchant, coalesce(base_minor, 0) AS total_minor, 1 AS count FROM (SELECT r.*, CASE WHEN r.base_amount_minor IS NOT NULL THEN r.base_amount_minor WHEN a.currency IS NULL OR a.currency = u.currency THEN r.amount_minor END AS base_minor FROM new_rows AS r LEFT JOIN accounts AS a ON a.id = r.account_id LEFT JOIN users AS u ON u.id = r.user_id WHERE r.counts) AS new_rows
      WHERE type = 'expense' AND merchant IS NOT NULL AND merchant <> ''
      UNION ALL
      SELECT user_id, date, merchant, -coalesce(base_minor, 0), -1 FROM (SELECT r.*, CASE WHEN r.base_amount_minor IS NOT NULL THEN r.base_amount_minor WHEN a.currency IS NULL OR a.currency = u.currency THEN r.amount_minor END AS base_minor FROM old_rows AS r LEFT JOIN accounts AS a ON a.id = r.account_id LEFT JOIN users AS u ON u.id = r.user_id WHERE r.counts) AS old_rows
      WHERE type = 'expense' AND merchant IS NOT NULL AND merchant <> ''
    ) AS c
    GROUP BY c.user_id, c.date, c.merchant
    HAVING sum(c.total_minor) <> 0 OR sum(c.count) <> 0
    ORDER BY c.user_id, c.date, c.merchant
    ON CONFLICT (user_id, day, merchant)
    DO UPDATE SET total_minor = d.total_minor + excluded.total_minor, count = d.count + excluded.count;
    DELETE FROM transaction_merchant_daily AS d
    USING (SELECT DISTINCT user_id, date, merchant FROM (SELECT * FROM old_rows WHERE counts) AS old_rows WHERE merchant IS NOT NULL) AS o
    WHERE d.user_id = o.user_id AND d.day = o.date AND d.merchant = o.merchant AND d.count = 0;
    INSERT INTO transaction_merchant_monthly AS m (user_id, month, merchant, total_minor, count)
    SELECT c.user_id, c.month, c.merchant, sum(c.total_minor), sum(c.count)
    FROM (
      SELECT user_id, date_trunc('month', date)::date AS month, merchant, coalesce(base_minor, 0) AS total_minor, 1 AS count FROM (SELECT r.*, CASE WHEN r.base_amount_minor IS NOT NULL THEN r.base_amount_minor WHEN a.currency IS NULL OR a.currency = u.currency THEN r.amount_minor END AS base_minor FROM new_rows AS r LEFT JOIN accounts AS a ON a.id = r.account_id LEFT JOIN users AS u ON u.id = r.user_id WHERE r.counts) AS new_rows
      WHERE type = 'expense' AND merchant IS NOT NULL AND merchant <> ''
      UNION ALL
      SELECT user_id, date_trunc('month', date)::date, merchant, -coalesce(base_minor, 0), -1 FROM (SELECT r.*, CASE WHEN r.base_amount_minor IS NOT NULL THEN r.base_amount_minor WHEN a.currency IS NULL OR a.currency = u.currency THEN r.amount_minor END AS base_minor FROM old_rows AS r LEFT JOIN accounts AS a ON a.id = r.account_id LEFT JOIN users AS u ON u.id = r.user_id WHERE r.counts) AS old_rows
      WHERE type = 'expense' AND merchant IS NOT NULL AND merchant <> ''
    ) AS c
    GROUP BY c.user_id, c.month, c.merchant
    HAVING sum(c.total_minor) <> 0 OR sum(c.count) <> 0
    ORDER BY c.user_id, c.month, c.merchant
    ON CONFLICT (user_id, month, merchant)
    DO UPDATE SET total_minor = m.total_minor + excluded.total_minor, count = m.count + excluded.count;
    DELETE FROM transaction_merchant_monthly AS m
    USING (SELECT DISTINCT user_id, date_trunc('month', date)::date AS month, merchant FROM (SELECT * FROM old_rows WHERE counts) AS old_rows WHERE merchant IS NOT NULL) AS o
    WHERE m.user_id = o.user_id AND m.month = o.month AND m.merchant = o.merchant AND m.count = 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "transactions_maintain_account_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A statement that only rewrites base amounts (the base-currency recompute) sets this for its
  -- transaction: it moves no balance, and the rollups are rebuilt from the rows once it is done.
  IF current_setting('finu.base_amounts_only', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO account_monthly_totals AS m (account_id, user_id, month, net_minor, cleared_minor, count)
    SELECT n.account_id, n.user_id, date_trunc('month', n.date)::date,
      sum(CASE WHEN n.type = 'income' THEN n.amount_minor ELSE -n.amount_minor END),
      sum(CASE WHEN NOT n.cleared THEN 0 WHEN n.type = 'income' THEN n.amount_minor ELSE -n.amount_minor END), count(*)
    FROM (SELECT * FROM new_rows WHERE parent_id IS NULL) AS n
    GROUP BY 1, 2, 3
    ORDER BY 1, 3
    ON CONFLICT (account_id, month)
    DO UPDATE SET net_minor = m.net_minor + excluded.net_minor, cleared_minor = m.cleared_minor + excluded.cleared_minor, count = m.count + excluded.count;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE account_monthly_totals AS m
    SET net_minor = m.net_minor - o.net_minor, cleared_minor = m.cleared_minor - o.cleared_minor, count = m.count - o.count
    FROM (
      SELECT account_id, date_trunc('month', date)::date AS month,
        sum(CASE WHEN type = 'income' THEN amount_minor ELSE -amount_minor END) AS net_minor,
        sum(CASE WHEN NOT cleared THEN 0 WHEN type = 'income' THEN amount_minor ELSE -amount_minor END) AS cleared_minor, count(*) AS count
      FROM old_rows WHERE parent_id IS NULL GROUP BY 1, 2
    ) AS o
    WHERE m.account_id = o.account_id AND m.month = o.month;
    DELETE FROM account_monthly_totals AS m
    USING (SELECT DISTINCT account_id, date_trunc('month', date)::date AS month FROM old_rows) AS o
    WHERE m.account_id = o.account_id AND m.month = o.month AND m.count = 0;
  ELSE
    INSERT INTO account_monthly_totals AS m (account_id, user_id, month, net_minor, cleared_minor, count)
    SELECT c.account_id, c.user_id, c.month, sum(c.net_minor), sum(c.cleared_minor), sum(c.count)
    FROM (
      SELECT account_id, user_id, date_trunc('month', date)::date AS month,
        CASE WHEN type = 'income' THEN amount_minor ELSE -amount_minor END AS net_minor,
        CASE WHEN NOT cleared THEN 0 WHEN type = 'income' THEN amount_minor ELSE -amount_minor END AS cleared_minor, 1 AS count
      FROM new_rows WHERE parent_id IS NULL
      UNION ALL
      SELECT account_id, user_id, date_trunc('month', date)::date,
        CASE WHEN type = 'income' THEN -amount_minor ELSE amount_minor END,
        CASE WHEN NOT cleared THEN 0 WHEN type = 'income' THEN -amount_minor ELSE amount_minor END, -1
      FROM old_rows WHERE parent_id IS NULL
    ) AS c
    GROUP BY c.account_id, c.user_id, c.month
    HAVING sum(c.net_minor) <> 0 OR sum(c.cleared_minor) <> 0 OR sum(c.count) <> 0
    ORDER BY c.account_id, c.month
    ON CONFLICT (account_id, month)
    DO UPDATE SET net_minor = m.net_minor + excluded.net_minor, cleared_minor = m.cleared_minor + excluded.cleared_minor, count = m.count + excluded.count;
    DELETE FROM account_monthly_totals AS m
    USING (SELECT DISTINCT account_id, date_trunc('month', date)::date AS month FROM old_rows) AS o
    WHERE m.account_id = o.account_id AND m.month = o.month AND m.count = 0;
  END IF;
  RETURN NULL;
END
$$;
