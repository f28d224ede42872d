import { Accordion, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDeferredValue, useState } from 'react';
import { Link } from 'react-router-dom';
import { Icon } from '../icons';
import { PageTitle } from '../PageTitle';
import { helpTopics, type HelpArticle } from './articles';
import { searchHelp } from './search';
import { ContactForm } from './ContactForm';


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
