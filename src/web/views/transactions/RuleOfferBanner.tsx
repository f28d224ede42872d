import { Alert, Button, Group, Text } from '@mantine/core';
import { ruleOfferText } from '../../../contract/autoRules';
import { useTransactions, useTransactionsActor } from './transactionsActor';

/**
 * The rule offered after a row was re-filed by hand ("Always file Costco as Groceries?"), above the
 * list: Create rule makes it through the rules API; Not now stops this merchant/category being offered.
 */
export function RuleOfferBanner() {
  const actor = useTransactionsActor();
  const offer = useTransactions((s) => s.context.ruleOffer);
  const busy = useTransactions((s) => s.matches({ ruleOffer: 'accepting' }));
  if (!offer) return null;
  const question = ruleOfferText(offer);
  return (
    <Alert variant="light" color="blue" role="region" title={question}>
      <Text size="sm" mb="xs">
        New {offer.merchant} rows will be filed as {offer.category} by a rule you can change in Settings › Rules.
      </Text>
      <Group gap="xs" wrap="wrap">
        <Button size="xs" loading={busy} onClick={() => actor.send({ type: 'ruleOffer.accept' })}>
          Create rule
        </Button>
        <Button size="xs" variant="default" disabled={busy} onClick={() => actor.send({ type: 'ruleOffer.dismiss' })}>
          Not now
        </Button>
      </Group>
    </Alert>
  );
}
