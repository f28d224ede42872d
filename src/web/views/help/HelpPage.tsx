import { Accordion, Alert, Button, Group, Paper, Select, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDeferredValue, useState } from 'react';
import { Link } from 'react-router-dom';
import { SUPPORT_LIMITS, SUPPORT_TOPICS, type SupportMessageRequest } from '../../../contract/account';
import { supportMessageRequest } from '../../../contract/rules/account';
import { useAppActors, useSession } from '../../app/context';
import { useRequest } from '../../app/useRequest';
import { contractRules, focusFirstInvalid, useServerFieldError } from '../../forms/contractRules';
import { Icon } from '../icons';
import { PageTitle } from '../PageTitle';
import { helpTopics, type HelpArticle } from './articles';
import { searchHelp } from './search';

const topicLabels: Record<(typeof SUPPORT_TOPICS)[number], string> = {
  account: 'My account',
  billing: 'Billing and plans',
  transactions: 'Transactions and import',
  coach: 'AI coach',
  rewards: 'Points, FINU and wallet',
  bug: 'Something is broken',
  other: 'Something else',
};

function Answers({ articles, showTopic = false }: { articles: HelpArticle[]; showTopic?: boolean }) {
  return (
    <Accordion variant="separated" radius="md" multiple>
      {articles.map((a) => (
        <Accordion.Item key={a.id} value={a.id}>
          <Accordion.Control>
            <Text fw={500}>{a.question}</Text>
            {showTopic && (
              <Text size="xs" c="dimmed">
                {a.topic}
              </Text>
            )}
          </Accordion.Control>
          <Accordion.Panel>
            <Stack gap="xs">
              {a.answer.map((p) => (
                <Text key={p.slice(0, 24)} size="sm">
                  {p}
                </Text>
              ))}
              <Group>
                {a.link.to.startsWith('#') ? (
                  // The contact form on this page: a plain in-page anchor scrolls to it.
                  <Button component="a" href={a.link.to} variant="light" size="xs">
                    {a.link.label}
                  </Button>
                ) : (
                  <Button component={Link} to={a.link.to} variant="light" size="xs">
                    {a.link.label}
                  </Button>
                )}
              </Group>
            </Stack>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}

type ContactValues = { topic: string; subject: string; message: string };

/** Write to support: stored, and mailed to the support address with the user as reply-to. */
function ContactForm() {
  const { api } = useAppActors();
  const email = useSession((s) => s.context.user?.email ?? '');
  const form = useForm<ContactValues>({
    name: 'support',
    mode: 'controlled',
    initialValues: { topic: '', subject: '', message: '' },
    validate: contractRules<ContactValues>(supportMessageRequest),
  });
  const send = useRequest<SupportMessageRequest>({
    submit: (body) => api.account.sendSupport(body),
    defaultError: 'Failed to send your message',
    successToast: 'Message sent to support',
    onSuccess: () => form.reset(),
    // A refusal about a field is shown under it; anything else above the button.
    toastErrors: false,
  });
  const failure = send.failure && !send.failure.handledGlobally ? send.failure : null;
  const alert = useServerFieldError(form, failure, ['topic', 'subject', 'message']);
  return (
    <Paper withBorder p="lg" radius="md" component="section" id="contact" aria-labelledby="contact-heading" style={{ scrollMarginTop: 72 }}>
      <form
        aria-label="Contact support"
        noValidate
        onSubmit={form.onSubmit(
          (v) => send.submit(v as SupportMessageRequest),
          (errors) => focusFirstInvalid(form, errors),
        )}
      >
        <Stack gap="sm">
          <div>
            <Title order={2} fz="lg" id="contact-heading">
              Still stuck? Write to us
            </Title>
            <Text size="sm" c="dimmed">
              We answer by email at {email || 'your address'}, usually within one working day.
            </Text>
          </div>
          {send.succeeded && (
            <Alert color="teal" variant="light" role="status">
              Thanks, your message is on its way. We will reply to {email}.
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select label="Topic" placeholder="Choose a topic" data={SUPPORT_TOPICS.map((t) => ({ value: t, label: topicLabels[t] }))} withAsterisk allowDeselect={false} {...form.getInputProps('topic')} />
            <TextInput label="Subject" maxLength={SUPPORT_LIMITS.subject} withAsterisk {...form.getInputProps('subject')} />
          </SimpleGrid>
          <Textarea label="Message" description="What you did, what you expected and what happened" autosize minRows={4} maxRows={12} maxLength={SUPPORT_LIMITS.message} withAsterisk {...form.getInputProps('message')} />
          {alert && (
            <Alert color="red" variant="light" role="alert">
              {alert}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={send.busy}>
              Send message
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** The help centre: instant, typo-tolerant search over answers on every feature, and a contact form. */
export default function HelpPage() {
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const results = searchHelp(deferred);
  const searching = deferred.trim().length > 0;
  return (
    <Stack gap="lg" maw={960}>
      <PageTitle title="Help" description="Answers on every part of Finu. Type a few words; small typos are fine." />
      <TextInput
        label="Search help"
        placeholder="e.g. import a CSV, cancel my plan, delete account"
        leftSection={<Icon name="help" />}
        value={query}
        onChange={(e) => setQuery(e.currentTarget.value)}
        type="search"
        size="md"
      />
      <div aria-live="polite">
        {searching && (
          <Text size="sm" c="dimmed" mb="xs">
            {results.length === 0 ? `No answer matches “${deferred.trim()}”. Try other words, or write to us below.` : `${results.length} ${results.length === 1 ? 'answer' : 'answers'} for “${deferred.trim()}”`}
          </Text>
        )}
      </div>
      {searching ? (
        results.length > 0 && <Answers articles={results} showTopic />
      ) : (
        helpTopics.map((topic) => (
          <Stack key={topic} gap="xs" component="section" aria-label={topic}>
            <Title order={2} fz="md">
              {topic}
            </Title>
            <Answers articles={results.filter((a) => a.topic === topic)} />
          </Stack>
        ))
      )}
      <ContactForm />
    </Stack>
  );
}
