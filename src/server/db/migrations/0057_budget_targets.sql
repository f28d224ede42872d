-- A category's budget target: a monthly amount, an amount by a month, or a share of the month's income.
CREATE TABLE "budget_targets" (
	"user_id" uuid NOT NULL,
	"category" text NOT NULL,
	"kind" text NOT NULL,
	"amount_minor" bigint,
	"by_month" date,
	"percent" numeric(5, 2),
	CONSTRAINT "budget_targets_pkey" PRIMARY KEY("user_id","category"),
	CONSTRAINT "budget_targets_kind_valid" CHECK ("budget_targets"."kind" in ('monthly', 'by_date', 'income_share'))
);
--> statement-breakpoint
ALTER TABLE "budget_targets" ADD CONSTRAINT "budget_targets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
