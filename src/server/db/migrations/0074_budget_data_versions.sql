-- A per-user number that grows whenever what a budget month is drawn from its two large parts changes: the
-- assigned amounts (budget_assignments) and the monthly category rollup (transaction_monthly_totals, which every
-- transaction write, import, merge, rate conversion and rollup rebuild goes through). It is bumped by statement
-- triggers in the same database transaction as the write, so an API process that cached those parts under a
-- version knows, with one indexed read, whether they are still what the database holds. A user without a row is
-- at version 0. New table and triggers only: no existing row is touched.
CREATE TABLE "budget_data_versions" (
  "user_id" uuid PRIMARY KEY NOT NULL,
  "version" bigint DEFAULT 0 NOT NULL,
  CONSTRAINT "budget_data_versions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "budget_data_versions_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- One bump per user the statement changed, users in order (two statements over several users lock alike);
  -- the join skips a user whose row is being deleted (the cascade of a deleted user).
  INSERT INTO budget_data_versions AS v (user_id, version)
  SELECT DISTINCT c.user_id, 1 FROM changed_rows AS c JOIN users AS u ON u.id = c.user_id ORDER BY c.user_id
  ON CONFLICT (user_id) DO UPDATE SET version = v.version + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "budget_assignments_version_insert" AFTER INSERT ON "budget_assignments" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION budget_data_versions_bump();
--> statement-breakpoint
CREATE TRIGGER "budget_assignments_version_update" AFTER UPDATE ON "budget_assignments" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION budget_data_versions_bump();
--> statement-breakpoint
CREATE TRIGGER "budget_assignments_version_delete" AFTER DELETE ON "budget_assignments" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION budget_data_versions_bump();
--> statement-breakpoint
CREATE TRIGGER "transaction_monthly_totals_version_insert" AFTER INSERT ON "transaction_monthly_totals" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION budget_data_versions_bump();
--> statement-breakpoint
CREATE TRIGGER "transaction_monthly_totals_version_update" AFTER UPDATE ON "transaction_monthly_totals" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION budget_data_versions_bump();
--> statement-breakpoint
CREATE TRIGGER "transaction_monthly_totals_version_delete" AFTER DELETE ON "transaction_monthly_totals" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION budget_data_versions_bump();
