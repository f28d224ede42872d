CREATE TABLE "transaction_monthly_totals" (
	"user_id" uuid NOT NULL,
	"month" date NOT NULL,
	"category" text NOT NULL,
	"type" text NOT NULL,
	"total_minor" bigint NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "transaction_monthly_totals_pkey" PRIMARY KEY("user_id","month","category","type")
);
--> statement-breakpoint
ALTER TABLE "transaction_monthly_totals" ADD CONSTRAINT "transaction_monthly_totals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The rollup trigger function now keeps the monthly table too (same transaction as the write).
CREATE OR REPLACE FUNCTION "transactions_maintain_daily_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO transaction_daily_totals AS d (user_id, day, category, type, total_minor, count)
    SELECT n.user_id, n.date, n.category, n.type, sum(n.amount_minor), count(*)
    FROM new_rows AS n
    GROUP BY n.user_id, n.date, n.category, n.type
    ORDER BY n.user_id, n.date, n.category, n.type
    ON CONFLICT (user_id, day, category, type)
    DO UPDATE SET total_minor = d.total_minor + excluded.total_minor, count = d.count + excluded.count;
    INSERT INTO transaction_monthly_totals AS m (user_id, month, category, type, total_minor, count)
    SELECT n.user_id, date_trunc('month', n.date)::date, n.category, n.type, sum(n.amount_minor), count(*)
    FROM new_rows AS n
    GROUP BY n.user_id, date_trunc('month', n.date)::date, n.category, n.type
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (user_id, month, category, type)
    DO UPDATE SET total_minor = m.total_minor + excluded.total_minor, count = m.count + excluded.count;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE transaction_daily_totals AS d
    SET total_minor = d.total_minor - o.total_minor, count = d.count - o.count
    FROM (
      SELECT user_id, date, category, type, sum(amount_minor) AS total_minor, count(*) AS count
      FROM old_rows GROUP BY user_id, date, category, type
    ) AS o
    WHERE d.user_id = o.user_id AND d.day = o.date AND d.category = o.category AND d.type = o.type;
    DELETE FROM transaction_daily_totals AS d
    USING (SELECT DISTINCT user_id, date, category, type FROM old_rows) AS o
    WHERE d.user_id = o.user_id AND d.day = o.date AND d.category = o.category AND d.type = o.type AND d.count = 0;
    UPDATE transaction_monthly_totals AS m
    SET total_minor = m.total_minor - o.total_minor, count = m.count - o.count
    FROM (
      SELECT user_id, date_trunc('month', date)::date AS month, category, type, sum(amount_minor) AS total_minor, count(*) AS count
      FROM old_rows GROUP BY 1, 2, 3, 4
    ) AS o
    WHERE m.user_id = o.user_id AND m.month = o.month AND m.category = o.category AND m.type = o.type;
    DELETE FROM transaction_monthly_totals AS m
    USING (SELECT DISTINCT user_id, date_trunc('month', date)::date AS month, category, type FROM old_rows) AS o
    WHERE m.user_id = o.user_id AND m.month = o.month AND m.category = o.category AND m.type = o.type AND m.count = 0;
  ELSE
    INSERT INTO transaction_daily_totals AS d (user_id, day, category, type, total_minor, count)
    SELECT c.user_id, c.date, c.category, c.type, sum(c.total_minor), sum(c.count)
    FROM (
      SELECT user_id, date, category, type, amount_minor AS total_minor, 1 AS count FROM new_rows
      UNION ALL
      SELECT user_id, date, category, type, -amount_minor, -1 FROM old_rows
    ) AS c
    GROUP BY c.user_id, c.date, c.category, c.type
    HAVING sum(c.total_minor) <> 0 OR sum(c.count) <> 0
    ORDER BY c.user_id, c.date, c.category, c.type
    ON CONFLICT (user_id, day, category, type)
    DO UPDATE SET total_minor = d.total_minor + excluded.total_minor, count = d.count + excluded.count;
    DELETE FROM transaction_daily_totals AS d
    USING (SELECT DISTINCT user_id, date, category, type FROM old_rows) AS o
    WHERE d.user_id = o.user_id AND d.day = o.date AND d.category = o.category AND d.type = o.type AND d.count = 0;
    INSERT INTO transaction_monthly_totals AS m (user_id, month, category, type, total_minor, count)
    SELECT c.user_id, c.month, c.category, c.type, sum(c.total_minor), sum(c.count)
    FROM (
      SELECT user_id, date_trunc('month', date)::date AS month, category, type, amount_minor AS total_minor, 1 AS count FROM new_rows
      UNION ALL
      SELECT user_id, date_trunc('month', date)::date, category, type, -amount_minor, -1 FROM old_rows
    ) AS c
    GROUP BY c.user_id, c.month, c.category, c.type
    HAVING sum(c.total_minor) <> 0 OR sum(c.count) <> 0
    ORDER BY c.user_id, c.month, c.category, c.type
    ON CONFLICT (user_id, month, category, type)
    DO UPDATE SET total_minor = m.total_minor + excluded.total_minor, count = m.count + excluded.count;
    DELETE FROM transaction_monthly_totals AS m
    USING (SELECT DISTINCT user_id, date_trunc('month', date)::date AS month, category, type FROM old_rows) AS o
    WHERE m.user_id = o.user_id AND m.month = o.month AND m.category = o.category AND m.type = o.type AND m.count = 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Rows written before this migration.
INSERT INTO transaction_monthly_totals (user_id, month, category, type, total_minor, count)
SELECT user_id, date_trunc('month', date)::date, category, type, sum(amount_minor), count(*)
FROM transactions
GROUP BY 1, 2, 3, 4;
