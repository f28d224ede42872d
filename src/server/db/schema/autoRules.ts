import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { RuleActions, RuleCondition } from '../../../contract/autoRules';
import { users } from './auth';

/**
 * A user's categorization rules (migration 0041), in `position` order: the first rule that sets a
 * field wins it; tags add up. Conditions and actions are the contract's shapes, checked on the way in.
 */
export const categoryRules = pgTable(
  'category_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull().default(''),
    position: integer('position').notNull().default(0),
    match: text('match', { enum: ['all', 'any'] }).notNull().default('all'),
    conditions: jsonb('conditions').$type<RuleCondition[]>().notNull(),
    actions: jsonb('actions').$type<RuleActions>().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [index('category_rules_user_position_idx').on(t.userId, t.position)],
);

/** Tags as things of their own: a colour, and a name the rows' `tags` arrays carry. */
export const tags = pgTable(
  'tags',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    color: text('color'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.name], name: 'tags_pkey' })],
);

/** How often the user moved one merchant's rows to one category by hand: two the same way offer a rule. */
export const categoryCorrections = pgTable(
  'category_corrections',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The clean merchant name, lower case. */
    merchantKey: text('merchant_key').notNull(),
    merchant: text('merchant').notNull(),
    category: text('category').notNull(),
    count: integer('count').notNull().default(0),
    dismissed: boolean('dismissed').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.merchantKey, t.category], name: 'category_corrections_pkey' })],
);
