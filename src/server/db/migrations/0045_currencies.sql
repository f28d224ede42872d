-- Exchange rates: one row per day, pair and source. A user's own rates (typed on a transaction or a
-- transfer, imported from a file) carry their user_id; the provider's reference rates, fetched on a
-- schedule for everyone, have none. The rate is an exact decimal: 1 base = rate quote.
CREATE TABLE "exchange_rates" (
	"user_id" uuid,
	"date" date NOT NULL,
	"base" text NOT NULL,
	"quote" text NOT NULL,
	"rate" numeric(28, 10) NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_rates_positive" CHECK ("exchange_rates"."rate" > 0),
	CONSTRAINT "exchange_rates_codes" CHECK ("exchange_rates"."base" ~ '^[A-Z]{3}$' and "exchange_rates"."quote" ~ '^[A-Z]{3}$' and "exchange_rates"."base" <> "exchange_rates"."quote"),
	CONSTRAINT "exchange_rates_source_valid" CHECK ("exchange_rates"."source" in ('typed', 'import', 'provider'))
);
--> statement-breakpoint
ALTER TABLE "exchange_rates" ADD CONSTRAINT "exchange_rates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_rates_user_key" ON "exchange_rates" USING btree ("user_id","base","quote","date","source") WHERE "exchange_rates"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_rates_shared_key" ON "exchange_rates" USING btree ("base","quote","date","source") WHERE "exchange_rates"."user_id" is null;--> statement-breakpoint
-- Nullable columns without defaults: adding them rewrites no row, whatever the table's size.
-- base_amount_minor: the amount in the user's base currency at the rate of its day; null = not converted.
-- original_*: what a card charged abroad was in the shop's currency (amount_minor stays the account's).
ALTER TABLE "transactions" ADD COLUMN "base_amount_minor" bigint;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "original_amount_minor" bigint;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "original_currency" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_original_pair" CHECK (("transactions"."original_amount_minor" is null) = ("transactions"."original_currency" is null)) NOT VALID;
