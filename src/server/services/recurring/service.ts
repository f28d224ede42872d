import { aheadActions } from './ahead';
import { detection, type RecurringDeps } from './common';
import { itemActions } from './items';
import { occurrenceActions } from './occurrences';
import { suggestionActions } from './suggestions';

export { DETECTION_LOOKBACK_DAYS, recurringNotFound, type OccurrenceOf, type RecurringDeps } from './common';

/**
 * Recurring items, detection, occurrences, the month ahead, the forecast and safe-to-spend.
 * Each idea has its module here (items, suggestions, occurrences, ahead; shared parts in common).
 */
export function recurringService(deps: RecurringDeps) {
  const detected = detection(deps);
  const items = itemActions(deps, detected);
  const occurrences = occurrenceActions(deps);
  return {
    detect: detected.detect,
    ...items,
    ...occurrences,
    ...suggestionActions(deps, detected, items),
    ...aheadActions(deps, occurrences),
    /** For the checks: every item with its occurrences (and detection for price changes). */
    detectFor: detected.detectFor,
  };
}

export type RecurringService = ReturnType<typeof recurringService>;
