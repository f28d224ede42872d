-- Categories of one's own: named groups per user with an order, and on every category hidden, group and
-- order. The built-in categories become rows of each user (builtin = true) so that they, too, carry a
-- colour, a group, an order and a hidden flag; transactions keep storing the category's name.
CREATE TABLE "category_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "category_groups" ADD CONSTRAINT "category_groups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "category_groups_user_name_key" ON "category_groups" USING btree ("user_id",lower("name"));--> statement-breakpoint
-- Constant defaults: adding these columns rewrites nothing.
ALTER TABLE "transaction_categories" ADD COLUMN "builtin" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "transaction_categories" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "transaction_categories" ADD COLUMN "group_id" uuid;--> statement-breakpoint
ALTER TABLE "transaction_categories" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "transaction_categories" ADD CONSTRAINT "transaction_categories_group_id_category_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."category_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transaction_categories_group_idx" ON "transaction_categories" USING btree ("group_id");--> statement-breakpoint
-- The default groups and the built-in categories (DEFAULT_CATEGORIES of src/contract/categories.ts, in its
-- order, each in its default group) for the given users; rows they already have are kept.
CREATE FUNCTION "finu_seed_categories"(uids uuid[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO category_groups (user_id, name, position)
  SELECT u.id, g.name, g.position
  FROM unnest(uids) AS u(id)
  CROSS JOIN (VALUES ('Income', 0), ('Bills', 1), ('Everyday', 2), ('Fun', 3)) AS g(name, position)
  ON CONFLICT DO NOTHING;
  INSERT INTO transaction_categories (user_id, name, type, builtin, group_id, position)
  SELECT u.id, c.name, c.type, true, g.id, c.position
  FROM unnest(uids) AS u(id)
  CROSS JOIN (VALUES
      ('Salary', 'income', 'Income', 0),
      ('Freelance', 'income', 'Income', 1),
      ('Investments', 'income', 'Income', 2),
      ('Refunds', 'income', 'Income', 3),
      ('Gifts Received', 'income', 'Income', 4),
      ('Other Income', 'income', 'Income', 5),
      ('Housing', 'expense', 'Bills', 0),
      ('Utilities', 'expense', 'Bills', 1),
      ('Groceries', 'expense', 'Everyday', 0),
      ('Dining', 'expense', 'Fun', 0),
      ('Transport', 'expense', 'Everyday', 1),
      ('Subscriptions', 'expense', 'Bills', 2),
      ('Shopping', 'expense', 'Fun', 1),
      ('Entertainment', 'expense', 'Fun', 2),
      ('Health', 'expense', 'Everyday', 2),
      ('Insurance', 'expense', 'Bills', 3),
      ('Education', 'expense', 'Everyday', 3),
      ('Travel', 'expense', 'Fun', 3),
      ('Personal Care', 'expense', 'Everyday', 4),
      ('Gifts & Donations', 'expense', 'Fun', 4),
      ('Fees & Charges', 'expense', 'Bills', 4),
      ('Other', 'expense', 'Everyday', 5)
  ) AS c(name, type, grp, position)
  LEFT JOIN category_groups AS g ON g.user_id = u.id AND lower(g.name) = lower(c.grp)
  ON CONFLICT DO NOTHING;
$$;
--> statement-breakpoint
CREATE FUNCTION "users_seed_categories"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM finu_seed_categories(ARRAY(SELECT id FROM new_users));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_seed_categories" AFTER INSERT ON "users"
  REFERENCING NEW TABLE AS new_users FOR EACH STATEMENT EXECUTE FUNCTION "users_seed_categories"();
--> statement-breakpoint
-- Existing users: a few rows each, never a transaction touched.
SELECT finu_seed_categories(ARRAY(SELECT id FROM users));
