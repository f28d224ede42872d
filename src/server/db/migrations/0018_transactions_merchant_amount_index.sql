-- The coach's largest or smallest single payment at one merchant (a question such as "the most I spent on a
-- single order at Amazon this year"): walk that merchant's rows in amount order and stop at the first
-- one of the period, instead of reading and sorting every row of the merchant in the period (about
-- 15,000 at a million transactions). The date in the index lets the walk skip rows of other periods
-- without reading them, and gives the latest row of a tied amount directly.
CREATE INDEX IF NOT EXISTS "transactions_user_merchant_amount_idx" ON "transactions" USING btree ("user_id", lower("merchant"), "amount_minor", "date");
