-- Recurring bills, subscriptions, income and transfers: each item's schedule is an RFC 5545 RRULE
-- whose occurrences are computed; only what a person or a job decided about one is stored.
CREATE TABLE "recurring_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"merchant_pattern" text NOT NULL,
	"category" text,
	"kind" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"amount_min_minor" bigint,
	"amount_max_minor" bigint,
	"rrule" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"weekend_shift" text DEFAULT 'none' NOT NULL,
	"auto_post" boolean DEFAULT false NOT NULL,
	"source" text DEFAULT 'manual' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recurring_items_amount_positive" CHECK ("amount_minor" > 0),
	CONSTRAINT "recurring_items_range" CHECK ("amount_min_minor" IS NULL OR "amount_max_minor" IS NULL OR "amount_min_minor" <= "amount_max_minor")
);
--> statement-breakpoint
ALTER TABLE "recurring_items" ADD CONSTRAINT "recurring_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_items" ADD CONSTRAINT "recurring_items_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recurring_items_user_idx" ON "recurring_items" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE TABLE "recurring_occurrences" (
	"item_id" uuid NOT NULL,
	"due_date" date NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text NOT NULL,
	"transaction_id" uuid,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recurring_occurrences_item_id_due_date_pk" PRIMARY KEY("item_id","due_date")
);
--> statement-breakpoint
ALTER TABLE "recurring_occurrences" ADD CONSTRAINT "recurring_occurrences_item_id_recurring_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."recurring_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_occurrences" ADD CONSTRAINT "recurring_occurrences_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "recurring_dismissals" (
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recurring_dismissals_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
ALTER TABLE "recurring_dismissals" ADD CONSTRAINT "recurring_dismissals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The notification centre: one row per thing to tell; dedupe_key makes every notice once per user.
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"link" text,
	"dedupe_key" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp (3) with time zone,
	"dismissed_at" timestamp (3) with time zone,
	"emailed_at" timestamp (3) with time zone
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_dedupe_key" ON "notifications" USING btree ("user_id","dedupe_key");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"due_days" integer DEFAULT 3 NOT NULL,
	"low_balance_minor" bigint DEFAULT 0 NOT NULL,
	"email_kinds" text[] DEFAULT '{}' NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Scheduled jobs shared by every API process: one lease per job, the time of the last run that finished.
CREATE TABLE "job_leases" (
	"name" text PRIMARY KEY NOT NULL,
	"owner" text,
	"lease_until" timestamp (3) with time zone,
	"last_run_at" timestamp (3) with time zone
);
