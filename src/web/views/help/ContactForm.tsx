import { Alert, Button, Group, Paper, Select, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { SUPPORT_LIMITS, SUPPORT_TOPICS, type SupportMessageRequest, supportMessageRequest } from '../../../contract/account';
import { useAppActors, useSession } from '../../app/context';
import { useRequest } from '../../app/useRequest';
import { contractRules, focusFirstInvalid, useServerFieldError } from '../../forms/contractRules';

const topicLabels: Record<(typeof SUPPORT_TOPICS)[number], string> = {
  account: 'My account',
  billing: 'Billing and plans',
  transactions: 'Transactions and import',
  coach: 'AI coach',
  rewards: 'Points, FINU and wallet',
  bug: 'Something is broken',
  other: 'Something else',
};

type ContactValues = { topic: string; subject: string; message: string };

/** Write to support: stored, and mailed to the support address with the user as reply-to. */
export function ContactForm() {
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
              Your message goes to the Finu support team. We reply to you at {email || 'your email address'}, usually within one working day.
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
