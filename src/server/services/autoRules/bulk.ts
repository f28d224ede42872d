import type { z } from 'zod/mini';
import type { bulkRequest } from '../../../contract/autoRules';
import { reconciledChange } from '../accounts/service';
import { loadCategories } from '../transactions/categories';
import { knownCategory } from '../transactions/service';
import { typeOf, type AutoRulesDeps } from './common';

/** Bulk changes on selected transactions. */
export function bulkActions(deps: AutoRulesDeps) {
  const { repo, transactions } = deps;
  return {
    /**
     * One change on the selected rows. Rows that are not the user's are not counted; transfer legs,
     * valuations and adjustments keep their category (skipped); reconciled rows need confirm_reconciled
     * to be deleted; deleting a transfer leg deletes both legs.
     */
    async bulk(userId: string, b: z.output<typeof bulkRequest>) {
      const rows = await repo.bulk.rows(userId, [...new Set(b.transaction_ids)]);
      const ids = rows.map((r) => r.id);
      const missing = new Set(b.transaction_ids).size - rows.length;
      switch (b.action) {
        case 'categorize': {
          const categories = await loadCategories(transactions, userId);
          const category = knownCategory(categories, b.category!);
          const type = typeOf(categories)(category);
          const fit = rows.filter((r) => r.kind === 'standard' && r.type === type).map((r) => r.id);
          const updated = await repo.bulk.update(userId, fit, { category });
          return { updated, skipped: missing + rows.length - updated };
        }
        case 'add_tags':
        case 'remove_tags': {
          const tags = [...new Set(b.tags!)];
          const updated = await repo.bulk.update(userId, ids, b.action === 'add_tags' ? { addTags: tags } : { removeTags: tags });
          return { updated, skipped: missing + rows.length - updated };
        }
        case 'mark_cleared':
        case 'mark_uncleared': {
          const updated = await repo.bulk.update(userId, ids, { cleared: b.action === 'mark_cleared' });
          return { updated, skipped: missing + rows.length - updated };
        }
        case 'delete': {
          if (!b.confirm_reconciled && rows.some((r) => r.reconciled)) throw reconciledChange();
          const deleted = await repo.bulk.remove(userId, ids);
          for (const id of deleted) await deps.rewards?.takeBack(userId, 'transaction', id);
          return { updated: deleted.length, skipped: missing };
        }
      }
    },
  };
}
