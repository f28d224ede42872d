-- Monthly category budgets. Categories are named as transactions name them (text, per user).
-- The user's budget mode: envelope (every dollar assigned; "ready to assign") or tracking (limits).
CREATE TABLE "budget_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"mode" text DEFAULT 'envelope' NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "budget_settings_mode_valid" CHECK ("budget_settings"."mode" in ('envelope', 'tracking'))
);
--> statement-breakpoint
ALTER TABLE "budget_settings" ADD CONSTRAINT "budget_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- What is assigned (envelope) or the limit (tracking) per category and month; month is its first day.
CREATE TABLE "budget_assignments" (
	"user_id" uuid NOT NULL,
	"month" date NOT NULL,
	"category" text NOT NULL,
	"assigned_minor" bigint NOT NULL,
	CONSTRAINT "budget_assignments_pkey" PRIMARY KEY("user_id","month","category")
);
--> statement-breakpoint
ALTER TABLE "budget_assignments" ADD CONSTRAINT "budget_assignments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A category's rollover from a month on (until a later row for it): none, surplus only, or full.
CREATE TABLE "budget_rollovers" (
	"user_id" uuid NOT NULL,
	"category" text NOT NULL,
	"from_month" date NOT NULL,
	"rollover" text NOT NULL,
	CONSTRAINT "budget_rollovers_pkey" PRIMARY KEY("user_id","category","from_month"),
	CONSTRAINT "budget_rollovers_rollover_valid" CHECK ("budget_rollovers"."rollover" in ('none', 'surplus', 'full'))
);
--> statement-breakpoint
ALTER TABLE "budget_rollovers" ADD CONSTRAINT "budget_rollovers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
