import { Button, Drawer, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { usePageTitle } from '../../hooks/usePageTitle';
import { ChatPanel } from './ChatPanel';
import { ChatProvider, useChatList, useChatMachine } from './chatActor';
import classes from './coach.module.css';
import { CoachIcon } from './coachIcons';
import { ConversationSidebar } from './ConversationSidebar';

/** /ai-coach ([spec:2-guarded-routes]): the coach chat. No onboarding or subscription needed; users without access get a daily allowance. */
export default function CoachPage() {
  const chat = useChatMachine();
  usePageTitle('AI Coach');
  return (
    <ChatProvider value={chat}>
      <CoachLayout />
    </ChatProvider>
  );
}

function CoachLayout() {
  // Below Mantine's `sm` breakpoint the conversation list moves into a drawer.
  const narrow = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const [drawerOpen, drawer] = useDisclosure(false);
  const total = useChatList((s) => s.context.totalConversations);
  return (
    <div className={classes.page}>
      {/* Title and description keep the top-right corner free of controls: a toast shows there ([spec:2-toasts]). */}
      <Stack gap={2}>
        <Title order={1} size="h2">
          AI Coach
        </Title>
        <Text c="dimmed" size="sm">
          Ask about your spending, goals or a purchase; answers use your own numbers.
        </Text>
      </Stack>
      {narrow && (
        <Group>
          <Button variant="default" size="xs" leftSection={<CoachIcon name="list" />} onClick={drawer.open} aria-haspopup="dialog">
            Conversations ({total})
          </Button>
        </Group>
      )}
      <div className={classes.panes}>
        {!narrow && (
          <Paper withBorder p="sm" radius="md" className={classes.sidebar} component="nav" aria-label="Conversations">
            <ConversationSidebar />
          </Paper>
        )}
        <Paper withBorder radius="md" className={classes.chat} component="section" aria-label="Chat with the coach">
          <ChatPanel />
        </Paper>
      </div>
      {narrow && (
        <Drawer opened={drawerOpen} onClose={drawer.close} title="Conversations" size="85%" padding="sm">
          <div style={{ height: 'calc(100dvh - 90px)' }}>
            <ConversationSidebar onOpened={drawer.close} />
          </div>
        </Drawer>
      )}
    </div>
  );
}
