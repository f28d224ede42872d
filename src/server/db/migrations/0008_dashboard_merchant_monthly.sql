CREATE TABLE "transaction_merchant_monthly" (
	"user_id" uuid NOT NULL,
	"month" date NOT NULL,
	"merchant" text NOT NULL,
	"total_minor" bigint NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "transaction_merchant_monthly_pkey" PRIMARY KEY("user_id","month","merchant")
);
--> statement-breakpoint
ALTER TABLE "transaction_merchant_monthly" ADD CONSTRAINT "transaction_merchant_monthly_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The merchant rollup trigger function now keeps the monthly table too (same transaction as the write).
CREATE OR REPLACE FUNCTION "transactions_maintain_merchant_daily"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO transaction_merchant_daily AS d (user_id, day, merchant, total_minor, count)
    SELECT n.user_id, n.date, n.merchant, sum(n.amount_minor), count(*)
    FROM new_rows AS n
    WHERE n.type = 'expense' AND n.merchant IS NOT NULL AND n.merchant <> ''
    GROUP BY n.user_id, n.date, n.merchant
    ORDER BY n.user_id, n.date, n.merchant
    ON CONFLICT (user_id, day, merchant)
    DO UPDATE SET total_minor = d.total_minor + excluded.total_minor, count = d.count + excluded.count;
    INSERT INTO transaction_merchant_monthly AS m (user_id, month, merchant, total_minor, count)
    SELECT n.user_id, date_trunc('month', n.date)::date, n.merchant, sum(n.amount_minor), count(*)
    FROM new_rows AS n
    WHERE n.type = 'expense' AND n.merchant IS NOT NULL AND n.merchant <> ''
    GROUP BY 1, 2, 3
    ORDER BY 1, 2, 3
    ON CONFLICT (user_id, month, merchant)
    DO UPDATE SET total_minor = m.total_minor + excluded.total_minor, count = m.count + excluded.count;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE transaction_merchant_daily AS d
    SET total_minor = d.total_minor - o.total_minor, count = d.count - o.count
    FROM (
      SELECT user_id, date, merchant, sum(amount_minor) AS total_minor, count(*) AS count
      FROM old_rows WHERE type = 'expense' AND merchant IS NOT NULL AND merchant <> ''
      GROUP BY user_id, date, merchant
    ) AS o
    WHERE d.user_id = o.user_id AND d.day = o.date AND d.merchant = o.merchant;
    DELETE FROM transaction_merchant_daily AS d
    USING (SELECT DISTINCT user_id, date, merchant FROM old_rows WHERE merchant IS NOT NULL) AS o
    WHERE d.user_id = o.user_id AND d.day = o.date AND d.merchant = o.merchant AND d.count = 0;
    UPDATE transaction_merchant_monthly AS m
    SET total_minor = m.total_minor - o.total_minor, count = m.count - o.count
    FROM (
      SELECT user_id, date_trunc('month', date)::date AS month, merchant, sum(amount_minor) AS total_minor, count(*) AS count
      FROM old_rows WHERE type = 'expense' AND merchant IS NOT NULL AND merchant <> ''
      GROUP BY 1, 2, 3
    ) AS o
    WHERE m.user_id = o.user_id AND m.month = o.month AND m.merchant = o.merchant;
    DELETE FROM transaction_merchant_monthly AS m
    USING (SELECT DISTINCT user_id, date_trunc('month', date)::date AS month, merchant FROM old_rows WHERE merchant IS NOT NULL) AS o
    WHERE m.user_id = o.user_id AND m.month = o.month AND m.merchant = o.merchant AND m.count = 0;
  ELSE
    INSERT INTO transaction_merchant_daily AS d (user_id, day, merchant, total_minor, count)
    SELECT c.user_id, c.date, c.merchant, sum(c.total_minor), sum(c.count)
    FROM (
      SELECT user_id, date, merchant, amount_minor AS total_minor, 1 AS count FROM new_rows
      WHERE type = 'expense' AND merchant IS NOT NULL AND merchant <> ''
      UNION ALL
      SELECT user_id, date, merchant, -amount_minor, -1 FROM old_rows
      WHERE type = 'expense' AND merchant IS NOT NULL AND merchant <> ''
    ) AS c
    GROUP BY c.user_id, c.date, c.merchant
    HAVING sum(c.total_minor) <> 0 OR sum(c.count) <> 0
    ORDER BY c.user_id, c.date, c.merchant
    ON CONFLICT (user_id, day, merchant)
    DO UPDATE SET total_minor = d.total_minor + excluded.total_minor, count = d.count + excluded.count;
    DELETE FROM transaction_merchant_daily AS d
    USING (SELECT DISTINCT user_id, date, merchant FROM old_rows WHERE merchant IS NOT NULL) AS o
    WHERE d.user_id = o.user_id AND d.day = o.date AND d.merchant = o.merchant AND d.count = 0;
    INSERT INTO transaction_merchant_monthly AS m (user_id, month, merchant, total_minor, count)
    SELECT c.user_id, c.month, c.merchant, sum(c.total_minor), sum(c.count)
    FROM (
      SELECT user_id, date_trunc('month', date)::date AS month, merchant, amount_minor AS total_minor, 1 AS count FROM new_rows
      WHERE type = 'expense' AND merchant IS NOT NULL AND merchant <> ''
      UNION ALL
      SELECT user_id, date_trunc('month', date)::date, merchant, -amount_minor, -1 FROM old_rows
      WHERE type = 'expense' AND merchant IS NOT NULL AND merchant <> ''
    ) AS c
    GROUP BY c.user_id, c.month, c.merchant
    HAVING sum(c.total_minor) <> 0 OR sum(c.count) <> 0
    ORDER BY c.user_id, c.month, c.merchant
    ON CONFLICT (user_id, month, merchant)
    DO UPDATE SET total_minor = m.total_minor + excluded.total_minor, count = m.count + excluded.count;
    DELETE FROM transaction_merchant_monthly AS m
    USING (SELECT DISTINCT user_id, date_trunc('month', date)::date AS month, merchant FROM old_rows WHERE merchant IS NOT NULL) AS o
    WHERE m.user_id = o.user_id AND m.month = o.month AND m.merchant = o.merchant AND m.count = 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Rows written before this migration.
INSERT INTO transaction_merchant_monthly (user_id, month, merchant, total_minor, count)
SELECT user_id, date_trunc('month', date)::date, merchant, sum(amount_minor), count(*)
FROM transactions
WHERE type = 'expense' AND merchant IS NOT NULL AND merchant <> ''
GROUP BY 1, 2, 3;
