-- The coach's questions about one merchant (the largest or smallest payment, income from a merchant)
-- read that merchant's rows of a period, not every row of the period.
CREATE INDEX IF NOT EXISTS "transactions_user_merchant_date_idx" ON "transactions" USING btree ("user_id", lower("merchant"), "date");
