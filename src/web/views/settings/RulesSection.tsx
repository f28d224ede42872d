import { ActionIcon, Alert, Anchor, Button, Group, NativeSelect, Paper, SegmentedControl, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { Rule, RuleCondition } from '../../../contract/autoRules';
import { MERCHANT_KINDS } from '../../../contract/merchants';
import { OPS_OF, rulesMachine, takesTwo, type ActionField, type ConditionDraft, type ConditionField, type RulesEvent } from '../../../../machines/rules';
import { formatCount } from '../../format/number';
import { toastVia, usePageMachine } from '../../hooks/pageActor';
import { autoRulesApi } from '../../api/autoRules';

const FIELD_LABELS: Record<ConditionField, string> = { merchant: 'Merchant', description: 'Description', notes: 'Notes', amount: 'Amount', type: 'Type', account: 'Account', date: 'Date', kind: 'Merchant kind' };
const OP_LABELS: Record<string, string> = { is: 'is', contains: 'contains', matches: 'matches pattern', equals: 'equals', between: 'between', greater: 'greater than', less: 'less than' };
const kindLabel = (k: string) => k.replace(/_/g, ' ');

/** One condition in words: "Merchant contains blue bottle". */
function conditionText(c: RuleCondition, accounts: { id: string; name: string }[]): string {
  const value = c.field === 'account' ? (accounts.find((a) => a.id === c.value)?.name ?? 'an account') : c.field === 'kind' ? kindLabel(String(c.value)) : String(c.value);
  const second = 'value2' in c && c.value2 !== undefined ? ` and ${c.value2}` : '';
  return `${FIELD_LABELS[c.field]} ${OP_LABELS[c.op] ?? c.op} ${value}${second}`;
}

function actionsText(r: Rule): string {
  const a = r.actions;
  return [a.category && `category ${a.category}`, a.merchant && `merchant ${a.merchant}`, a.tags?.length && `tags ${a.tags.join(', ')}`, a.notes && `notes “${a.notes}”`].filter(Boolean).join('; ');
}

function ConditionRow({ c, index, send, accounts, errors }: { c: ConditionDraft; index: number; send: (e: RulesEvent) => void; accounts: { id: string; name: string }[]; errors: Record<string, string> }) {
  const change = (key: keyof ConditionDraft) => (e: { currentTarget: { value: string } }) => send({ type: 'condition.change', index, key, value: e.currentTarget.value });
  const n = index + 1;
  const valueInput = (key: 'value' | 'value2', label: string) => {
    if (c.field === 'kind') return <NativeSelect aria-label={label} value={c[key]} onChange={change(key)} data={[{ value: '', label: 'Choose a kind' }, ...MERCHANT_KINDS.map((k) => ({ value: k, label: kindLabel(k) }))]} />;
    if (c.field === 'type') return <NativeSelect aria-label={label} value={c[key]} onChange={change(key)} data={[{ value: 'expense', label: 'expense' }, { value: 'income', label: 'income' }]} />;
    if (c.field === 'account') return <NativeSelect aria-label={label} value={c[key]} onChange={change(key)} data={[{ value: '', label: 'Choose an account' }, ...accounts.map((a) => ({ value: a.id, label: a.name }))]} />;
    return <TextInput aria-label={label} type={c.field === 'date' ? 'date' : 'text'} inputMode={c.field === 'amount' ? 'decimal' : undefined} value={c[key]} onChange={change(key)} error={errors[`conditions.${index}.${key}`]} />;
  };
  return (
    <Group gap="xs" align="flex-start" wrap="wrap">
      <NativeSelect aria-label={`Condition ${n} field`} value={c.field} onChange={change('field')} data={Object.entries(FIELD_LABELS).map(([value, label]) => ({ value, label }))} />
      <NativeSelect aria-label={`Condition ${n} operator`} value={c.op} onChange={change('op')} data={OPS_OF[c.field].map((op) => ({ value: op, label: OP_LABELS[op] ?? op }))} />
      {valueInput('value', `Condition ${n} value`)}
      {takesTwo(c.op) && valueInput('value2', `Condition ${n} second value`)}
      <ActionIcon variant="subtle" color="gray" size="lg" aria-label={`Remove condition ${n}`} onClick={() => send({ type: 'condition.remove', index })}>
        ×
      </ActionIcon>
    </Group>
  );
}

/**
 * Settings › Rules: the categorization rules in the order they run, a form to add or edit one, and
 * "Run on existing transactions" (preview, then apply). The `rules` machine decides; this renders it.
 */
export function RulesSection() {
  const actor = usePageMachine(({ api, ui }) =>
    rulesMachine.provide({
      actors: {
        loadRules: fromPromise(async () => {
          // The rules first: without a plan that silent read fails and the form's lists (which would toast) are not asked for.
          const rules = await autoRulesApi(api.call).list();
          const [categories, accounts] = await Promise.all([api.transactions.categories(), api.accounts.list()]);
          return { rules: rules.rules, categories: categories.categories.map((c) => c.name), accounts: accounts.accounts.map((a) => ({ id: a.account_id, name: a.name })) };
        }),
        saveRule: fromPromise(({ input }) => (input.ruleId ? autoRulesApi(api.call).update(input.ruleId, input.body) : autoRulesApi(api.call).create(input.body))),
        deleteRule: fromPromise(async ({ input }) => {
          await autoRulesApi(api.call).remove(input.ruleId);
        }),
        reorderRules: fromPromise(async ({ input }) => (await autoRulesApi(api.call).reorder(input.ruleIds)).rules),
        previewRule: fromPromise(({ input }) => autoRulesApi(api.call).preview(input.ruleId)),
        applyRule: fromPromise(({ input }) => autoRulesApi(api.call).apply(input.ruleId)),
      },
      actions: { notify: toastVia(ui) },
    }),
  );
  const snap = useSelector(actor, (s) => s);
  const send = actor.send;
  const { rules, categories, accounts, draft, errors, error, preview, current } = snap.context;
  const inForm = snap.matches('editing') || snap.matches('saving') || snap.matches('saveFailed');
  const busy = snap.hasTag('busy');
  const action = (key: ActionField) => (e: { currentTarget: { value: string } }) => send({ type: 'action.change', key, value: e.currentTarget.value });

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="rules-heading">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz="lg" id="rules-heading">
            Rules
          </Title>
          {snap.matches('list') && <Button onClick={() => send({ type: 'rule.new' })}>Add rule</Button>}
        </Group>
        <Text size="sm" c="dimmed">
          Rules categorize imported transactions for you, top to bottom: the first rule that sets a field wins it. When no rule decides, Finu suggests a category from your own history.
        </Text>
        {snap.matches('loading') && <Skeleton height={48} />}
        {snap.matches('loadFailed') && (
          <Alert color="red" variant="light">
            {error?.message}{' '}
            <Anchor component="button" onClick={() => send({ type: 'rules.retry' })}>
              Try again
            </Anchor>
          </Alert>
        )}
        {!snap.matches('loading') && !snap.matches('loadFailed') && !inForm && rules.length === 0 && <Text size="sm">No rules yet.</Text>}
        {!inForm && rules.length > 0 && (
          <Stack gap="xs" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Rules in the order they run">
            {rules.map((r, i) => (
              <Paper key={r.rule_id} withBorder p="sm" radius="sm" component="li" aria-label={r.name || `Rule ${i + 1}`}>
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Stack gap={2}>
                    <Text fw={600}>{r.name || `Rule ${i + 1}`}</Text>
                    <Text size="sm">
                      When {r.match === 'all' ? 'all' : 'any'} of: {r.conditions.map((c) => conditionText(c, accounts)).join('; ')}
                    </Text>
                    <Text size="sm" c="dimmed">
                      Set {actionsText(r)}
                    </Text>
                  </Stack>
                  <Group gap={4}>
                    <Button size="xs" variant="subtle" disabled={busy || i === 0} onClick={() => send({ type: 'rule.move', ruleId: r.rule_id, by: -1 })} aria-label={`Move ${r.name || `rule ${i + 1}`} up`}>
                      Up
                    </Button>
                    <Button size="xs" variant="subtle" disabled={busy || i === rules.length - 1} onClick={() => send({ type: 'rule.move', ruleId: r.rule_id, by: 1 })} aria-label={`Move ${r.name || `rule ${i + 1}`} down`}>
                      Down
                    </Button>
                    <Button size="xs" variant="default" disabled={busy} onClick={() => send({ type: 'rule.run', ruleId: r.rule_id })}>
                      Run on existing
                    </Button>
                    <Button size="xs" variant="default" disabled={busy} onClick={() => send({ type: 'rule.edit', ruleId: r.rule_id })}>
                      Edit
                    </Button>
                    <Button size="xs" variant="subtle" color="red" disabled={busy} onClick={() => send({ type: 'rule.delete', ruleId: r.rule_id })}>
                      Delete
                    </Button>
                  </Group>
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
        {inForm && (
          <form
            aria-label="Rule"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              send({ type: 'rule.save' });
            }}
          >
            <Stack gap="xs">
            {snap.matches('saveFailed') && (
              <Alert color="red" variant="light" role="alert">
                {error?.message}
                {snap.can({ type: 'rule.retry' }) && (
                  <>
                    {' '}
                    <Anchor component="button" type="button" onClick={() => send({ type: 'rule.retry' })}>
                      Retry
                    </Anchor>
                  </>
                )}
              </Alert>
            )}
            <TextInput label="Name (optional)" value={draft.name} onChange={(e) => send({ type: 'draft.name', value: e.currentTarget.value })} error={errors.name} />
            <Group gap="xs">
              <Text size="sm">When</Text>
              <SegmentedControl
                size="xs"
                aria-label="Match"
                value={draft.match}
                onChange={(v) => send({ type: 'draft.match', value: v as 'all' | 'any' })}
                data={[
                  { value: 'all', label: 'all' },
                  { value: 'any', label: 'any' },
                ]}
              />
              <Text size="sm">of these hold:</Text>
            </Group>
            {draft.conditions.map((c, i) => (
              <ConditionRow key={i} c={c} index={i} send={send} accounts={accounts} errors={errors} />
            ))}
            {errors.conditions && (
              <Text size="sm" c="red" role="alert">
                {errors.conditions}
              </Text>
            )}
            <Group>
              <Button variant="subtle" size="xs" type="button" onClick={() => send({ type: 'condition.add' })}>
                Add condition
              </Button>
            </Group>
            <Text size="sm" fw={600}>
              Then set
            </Text>
            <NativeSelect label="Category" value={draft.category} onChange={action('category')} data={[{ value: '', label: 'Leave as it is' }, ...categories.map((c) => ({ value: c, label: c }))]} error={errors['actions.category']} />
            <TextInput label="Merchant name" value={draft.merchant} onChange={action('merchant')} error={errors['actions.merchant']} />
            <TextInput label="Add tags" description="Separate tags with commas" value={draft.tags} onChange={action('tags')} error={errors['actions.tags']} />
            <TextInput label="Notes" value={draft.notes} onChange={action('notes')} error={errors['actions.notes']} />
            {errors.actions && (
              <Text size="sm" c="red" role="alert">
                {errors.actions}
              </Text>
            )}
            <Group gap="sm">
              <Button type="submit" loading={snap.matches('saving')}>
                Save rule
              </Button>
              <Button variant="default" type="button" onClick={() => send({ type: 'rule.cancel' })}>
                Cancel
              </Button>
            </Group>
            </Stack>
          </form>
        )}
        {snap.matches('saved') && (
          <Group gap="sm">
            <Button onClick={() => send({ type: 'rule.preview' })}>Run on existing transactions</Button>
            <Button variant="default" onClick={() => send({ type: 'rule.done' })}>
              Done
            </Button>
          </Group>
        )}
        {(snap.matches('previewing') || snap.matches('applying')) && <Skeleton height={48} role="status" aria-label="Working" />}
        {snap.matches('previewed') && preview && (
          <Stack gap="xs" role="group" aria-label="Preview">
            <Text role="status">
              {current?.name ? `${current.name}: ` : ''}
              {formatCount(preview.matched)} {preview.matched === 1 ? 'transaction matches' : 'transactions match'}, {formatCount(preview.changed)} would change.
            </Text>
            {preview.rows.length > 0 && (
              <Table.ScrollContainer minWidth={480}>
                <Table striped>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Date</Table.Th>
                      <Table.Th>Description</Table.Th>
                      <Table.Th>Category</Table.Th>
                      <Table.Th>Tags</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {preview.rows.map((r) => (
                      <Table.Tr key={r.transaction_id}>
                        <Table.Td>{r.date}</Table.Td>
                        <Table.Td>{r.description}</Table.Td>
                        <Table.Td>{r.before.category === r.after.category ? r.after.category : `${r.before.category} → ${r.after.category}`}</Table.Td>
                        <Table.Td>{r.after.tags.join(', ')}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
            <Group gap="sm">
              {preview.changed > 0 && <Button onClick={() => send({ type: 'rule.apply' })}>Apply to {formatCount(preview.changed)} {preview.changed === 1 ? 'transaction' : 'transactions'}</Button>}
              <Button variant="default" onClick={() => send({ type: 'rule.done' })}>
                Done
              </Button>
            </Group>
          </Stack>
        )}
        {snap.matches('runFailed') && (
          <Alert color="red" variant="light" role="alert">
            {error?.message}{' '}
            <Anchor component="button" onClick={() => send({ type: 'rule.preview' })}>
              Try again
            </Anchor>{' '}
            <Anchor component="button" onClick={() => send({ type: 'rule.done' })}>
              Done
            </Anchor>
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
