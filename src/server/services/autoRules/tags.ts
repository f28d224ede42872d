import type { z } from 'zod/mini';
import type { createTagRequest, Tag, updateTagRequest } from '../../../contract/autoRules';
import { fromMinor } from '../../../contract/money';
import { conflict, unprocessable } from '../../errors';
import { tagNotFound, type AutoRulesDeps } from './common';

/** A user's tags: listed with their totals, created, renamed, recoloured, merged, removed. */
export function tagActions({ repo }: AutoRulesDeps) {
  const actions = {
    async tags(userId: string, dateFrom?: string, dateTo?: string): Promise<{ tags: Tag[] }> {
      const rows = await repo.tags.list(userId, dateFrom, dateTo);
      return { tags: rows.map((r) => ({ name: r.name, color: r.color, transaction_count: r.count, income: fromMinor(r.incomeMinor), expense: fromMinor(r.expenseMinor) })) };
    },

    async createTag(userId: string, b: z.output<typeof createTagRequest>): Promise<Tag> {
      if (await repo.tags.exists(userId, b.name)) throw conflict(`A tag named '${b.name}' already exists`);
      if (!(await repo.tags.create(userId, b.name, b.color))) throw conflict(`A tag named '${b.name}' already exists`);
      return { name: b.name, color: b.color, transaction_count: 0, income: 0, expense: 0 };
    },

    /** Renames (to a name not in use) and/or recolours a tag. */
    async updateTag(userId: string, name: string, b: z.output<typeof updateTagRequest>): Promise<Tag> {
      const from = name.trim().toLowerCase();
      if (!(await repo.tags.exists(userId, from))) throw tagNotFound();
      let current = from;
      if (b.name !== undefined && b.name !== from) {
        if (await repo.tags.exists(userId, b.name)) throw conflict(`A tag named '${b.name}' already exists: merge into it instead`);
        await repo.tags.move(userId, from, b.name);
        current = b.name;
      }
      if (b.color !== undefined) await repo.tags.setColor(userId, current, b.color);
      return actions.tag(userId, current);
    },

    /** Every row tagged `name` carries `into` instead; `name` is gone. */
    async mergeTag(userId: string, name: string, into: string): Promise<Tag> {
      const from = name.trim().toLowerCase();
      if (from === into) throw unprocessable('into must be another tag');
      if (!(await repo.tags.exists(userId, from))) throw tagNotFound();
      if (!(await repo.tags.exists(userId, into))) throw unprocessable(`into '${into}' is not one of your tags`);
      await repo.tags.move(userId, from, into);
      return actions.tag(userId, into);
    },

    async removeTag(userId: string, name: string): Promise<void> {
      const key = name.trim().toLowerCase();
      if (!(await repo.tags.exists(userId, key))) throw tagNotFound();
      await repo.tags.remove(userId, key);
    },

    async tag(userId: string, name: string): Promise<Tag> {
      const found = (await actions.tags(userId)).tags.find((t) => t.name === name);
      if (!found) throw tagNotFound();
      return found;
    },
  };
  return actions;
}
