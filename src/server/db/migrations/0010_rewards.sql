CREATE TABLE "reward_accounts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"total_earned" bigint DEFAULT 0 NOT NULL,
	"total_spent" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reward_accounts_balance_not_negative" CHECK ("reward_accounts"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "reward_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "reward_entries_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"reason" text NOT NULL,
	"points" integer NOT NULL,
	"balance_after" bigint NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"reference" text,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "reward_entries_points_positive" CHECK ("reward_entries"."points" > 0),
	CONSTRAINT "reward_entries_balance_not_negative" CHECK ("reward_entries"."balance_after" >= 0)
);
--> statement-breakpoint
CREATE TABLE "reward_activity_days" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "reward_activity_days_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "wallets" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"address" text NOT NULL,
	"encrypted_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "token_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"points" integer NOT NULL,
	"amount_wei" text NOT NULL,
	"to_address" text NOT NULL,
	"chain_id" integer NOT NULL,
	"token_address" text,
	"gas_price_gwei" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"nonce" bigint,
	"tx_hash" text,
	"raw_tx" text,
	"attempts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"block_number" bigint,
	"error" text,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"submitted_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "token_transfers_points_positive" CHECK ("token_transfers"."points" > 0)
);
--> statement-breakpoint
CREATE TABLE "chain_state" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reward_accounts" ADD CONSTRAINT "reward_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_entries" ADD CONSTRAINT "reward_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_activity_days" ADD CONSTRAINT "reward_activity_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_transfers" ADD CONSTRAINT "token_transfers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reward_entries_user_key" ON "reward_entries" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "reward_entries_user_seq_idx" ON "reward_entries" USING btree ("user_id","seq");--> statement-breakpoint
CREATE INDEX "reward_entries_user_reason_idx" ON "reward_entries" USING btree ("user_id","reason","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "wallets_address_key" ON "wallets" USING btree ("address");--> statement-breakpoint
CREATE INDEX "token_transfers_user_created_idx" ON "token_transfers" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "token_transfers_open_idx" ON "token_transfers" USING btree ("status") WHERE "token_transfers"."status" in ('pending', 'submitted');
