import { bulkActions } from './bulk';
import type { AutoRulesDeps } from './common';
import { ruleActions } from './rules';
import { suggestionActions } from './suggestions';
import { tagActions } from './tags';

/**
 * Rules, learned suggestions, tags and bulk changes of one user. The rules run in order on every
 * imported row and on a row being typed (as a suggestion); a rule's preview and apply run in SQL over
 * all of the user's rows, the merchant component's part worked out once per distinct label.
 * Each idea has its module here (rules, suggestions, tags, bulk; shared helpers in common).
 */
export function autoRulesService(deps: AutoRulesDeps) {
  return { ...ruleActions(deps), ...suggestionActions(deps), ...tagActions(deps), ...bulkActions(deps) };
}
export type AutoRulesService = ReturnType<typeof autoRulesService>;
