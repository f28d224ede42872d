-- Transfer matching looks for a row of the same amount within a few days of another. With the date in the
-- key, that lookup reads only the rows of those days; on (user_id, amount_minor, id) it read every row of
-- that amount in the user's whole history and dropped the ones of other days.
CREATE INDEX "transactions_user_amount_date_idx" ON "transactions" USING btree ("user_id","amount_minor","date");
