-- Every row of an account in the base currency now stores its amount as its base amount (typed, imported,
-- demo and transfer rows alike), so a client reads base_amount null as "not converted" and nothing else.
-- Rows stored before that keep null; rather than rewrite them here (every transaction, through every
-- index), their users are queued for the base-currency recompute job, which sets them in the background
-- (one UPDATE per user, the rollup triggers skipped) and rebuilds their rollups. No row is written here.
UPDATE "users" SET "base_recompute_since" = now()
WHERE "base_recompute_since" IS NULL
  AND EXISTS (
    SELECT 1 FROM "transactions" AS t JOIN "accounts" AS a ON a.id = t.account_id
    WHERE t.user_id = "users".id AND t.base_amount_minor IS NULL AND a.currency = "users".currency
  );
