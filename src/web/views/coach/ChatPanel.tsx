import { ActionIcon, Alert, Badge, Box, Button, Group, Loader, Menu, ScrollArea, SimpleGrid, Stack, Text, Textarea, Title, Tooltip, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import type { DisplayedMessage } from '../../../../machines/chat';
import { CHAT_LIMITS } from '../../../contract/chat';
import { useAppActors } from '../../app/context';
import { formatTime } from '../../format/date';
import { useMaskedText } from '../../hooks/useMoney';
import { LoadFailed } from '../LoadFailed';
import { useChatActor, useChatAnswer, useChatConversation, useChatList } from './chatActor';
import classes from './coach.module.css';
import { CoachIcon } from './coachIcons';
import { Markdown } from './Markdown';
import { plainText } from './preview';

/** Questions a new user can start with (the coach answers each from their own numbers). */
export const SUGGESTED_PROMPTS = [
  'How much did I spend on groceries last month?',
  'Am I on track for my goals?',
  'Where can I cut back?',
  'Can I afford a 1,200 laptop in March?',
  'Summarise this month',
  'What are my recurring charges?',
] as const;


/** The current conversation: its title, the messages, the streamed answer, and the message box. */
export function ChatPanel() {
  return (
    <Stack gap={0} h="100%" mih={0}>
      <ChatHeader />
      <MessageLog />
      <Composer />
    </Stack>
  );
}

function ChatHeader() {
  const chat = useChatActor();
  const title = useChatList((s) => s.context.currentConversation?.conversation_title ?? null);
  const hasCurrent = useChatList((s) => s.context.currentConversation !== null);
  const hasMessages = useChatConversation((s) => s.context.chatMessages.length > 0);
  return (
    <Group justify="space-between" wrap="nowrap" px="md" py="xs" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
      <Title order={2} size="h4" lineClamp={1} style={{ minWidth: 0 }}>
        {hasCurrent ? title || 'Conversation' : 'New chat'}
      </Title>
      {hasCurrent && (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" aria-label="Conversation options">
              <CoachIcon name="dots" />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item disabled={!hasMessages} onClick={() => chat.send({ type: 'memory.clear', conversationOnly: true })}>
              Clear this conversation
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      )}
    </Group>
  );
}

function MessageLog() {
  const chat = useChatActor();
  const messages = useChatConversation((s) => s.context.chatMessages);
  const streaming = useChatAnswer((s) => s.hasTag('streaming'));
  const waiting = useChatAnswer((s) => s.matches({ asking: 'sending' }));
  const streamingMessage = useChatAnswer((s) => s.context.streamingMessage);
  const opening = useChatConversation((s) => s.matches('opening'));
  const conversationError = useChatConversation((s) => s.context.conversationError);
  const failedToOpen = useChatConversation((s) => s.matches('failed'));
  const viewport = useRef<HTMLDivElement>(null);
  // Hide balances masks every amount, the coach's figures included.
  const shown = useMaskedText();
  const answered = useChatAnswer((s) => s.matches('done'));
  const lastAi = useChatConversation((s) => {
    const last = s.context.chatMessages.at(-1);
    return last?.sender === 'ai' ? last.content : '';
  });
  const lastAnswer = answered ? lastAi : '';

  // Keep the newest words in view while the answer streams in; an empty chat shows its welcome from the top.
  const following = messages.length > 0 || streamingMessage !== '';
  useEffect(() => {
    const el = viewport.current;
    if (el) el.scrollTo({ top: following ? el.scrollHeight : 0 });
  }, [messages.length, streamingMessage, following]);

  const empty = messages.length === 0 && !streaming && !opening && !failedToOpen;
  return (
    <ScrollArea className={classes.messages} viewportRef={viewport} type="auto" offsetScrollbars>
      <Stack gap="sm" p="md" role="log" aria-label="Messages" aria-busy={streaming || opening}>
        {opening && (
          <Group justify="center" p="lg">
            <Loader size="sm" role="status" aria-label="Loading conversation" />
          </Group>
        )}
        {failedToOpen && <LoadFailed compact title="This conversation could not be loaded" message={conversationError} onRetry={() => chat.send({ type: 'conversation.retry' })} />}
        {empty && <Welcome />}
        {messages.map((m) => (
          <MessageBubble key={m.id} message={m} />
        ))}
        {streaming && (
          <Box className={`${classes.bubble} ${classes.ai}`} data-testid="streaming-answer" role="status" aria-label="The coach is answering">
            {waiting && !streamingMessage ? (
              <Group gap={6}>
                <Loader type="dots" size="sm" />
                <Text size="sm" c="dimmed">
                  Looking at your numbers…
                </Text>
              </Group>
            ) : (
              <div>
                <Markdown text={shown(streamingMessage)} />
                <span className={classes.cursor} aria-hidden />
              </div>
            )}
          </Box>
        )}
      </Stack>
      {/* Screen readers hear that an answer is coming, then the whole answer once, not every chunk, as plain words. */}
      <VisuallyHidden aria-live="polite" role="status">
        {streaming ? 'The coach is answering.' : plainText(shown(lastAnswer))}
      </VisuallyHidden>
    </ScrollArea>
  );
}

function MessageBubble({ message }: { message: DisplayedMessage }) {
  const mine = message.sender === 'user';
  const shown = useMaskedText();
  const content = shown(message.content);
  const time = formatTime(message.timestamp);
  return (
    <Box className={`${classes.bubble} ${mine ? classes.user : classes.ai}`} data-sender={message.sender}>
      <VisuallyHidden>{mine ? 'You said:' : 'Coach:'}</VisuallyHidden>
      {/* Both are rendered as text: a user's message verbatim, an answer through the safe Markdown renderer. */}
      {mine ? <Text size="sm">{content}</Text> : <Markdown text={content} />}
      <Group gap={6} justify={mine ? 'flex-end' : 'flex-start'} mt={2}>
        {message.stopped && (
          <Badge size="xs" variant="light" color="gray">
            Stopped
          </Badge>
        )}
        {time && (
          <Text size="xs" c="dimmed">
            {time}
          </Text>
        )}
      </Group>
    </Box>
  );
}

function Welcome() {
  const chat = useChatActor();
  return (
    <Stack gap="md" align="center" py="lg" ta="center">
      <CoachIcon name="sparkle" size={32} />
      <div>
        <Title order={3} size="h4">
          Ask your money coach
        </Title>
        <Text size="sm" c="dimmed" maw={480}>
          Answers come from your own transactions and goals, in your currency, with the period they cover and a next step.
        </Text>
      </div>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" w="100%" maw={640} aria-label="Suggested questions" role="list">
        {SUGGESTED_PROMPTS.map((prompt) => (
          <UnstyledButton
            key={prompt}
            role="listitem"
            className={classes.conversation}
            style={{ border: '1px solid var(--mantine-color-default-border)' }}
            onClick={() => chat.send({ type: 'message.send', text: prompt })}
          >
            <Text size="sm">{prompt}</Text>
          </UnstyledButton>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function Composer() {
  const chat = useChatActor();
  const { ui } = useAppActors();
  const draft = useChatAnswer((s) => s.context.draft);
  const streaming = useChatAnswer((s) => s.hasTag('streaming'));
  const canSend = useChatAnswer((s) => s.can({ type: 'message.send' }));
  const streamError = useChatAnswer((s) => s.context.streamError);
  const retryable = useChatAnswer((s) => s.matches('failed') && s.can({ type: 'message.retry' }));
  const allowance = useChatAnswer((s) => s.context.allowance);

  const send = () => {
    if (canSend) chat.send({ type: 'message.send' });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends; Shift+Enter is a new line; never while an input method is composing.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };
  const outOfMessages = allowance !== null && !allowance.unlimited && allowance.remaining_today === 0;

  return (
    <Stack gap={6} p="sm" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
      {streamError && (
        <Alert color="red" variant="light" role="alert" py={6}>
          <Group justify="space-between" gap="xs">
            <Text size="sm">{streamError}</Text>
            {retryable && (
              <Button size="compact-xs" variant="light" color="red" onClick={() => chat.send({ type: 'message.retry' })}>
                Try again
              </Button>
            )}
          </Group>
        </Alert>
      )}
      {outOfMessages && (
        <Alert color="yellow" variant="light" py={6}>
          <Group justify="space-between" gap="xs">
            <Text size="sm">You have used today’s free coach messages. Start your free trial for unlimited coaching.</Text>
            <Button size="compact-xs" variant="light" onClick={() => ui.send({ type: 'modal.open', modal: 'subscription' })}>
              See plans
            </Button>
          </Group>
        </Alert>
      )}
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <Textarea
          style={{ flex: 1 }}
          aria-label="Message the coach"
          placeholder="Ask about your spending, goals, or a purchase…"
          autosize
          minRows={1}
          maxRows={6}
          maxLength={CHAT_LIMITS.message}
          value={draft}
          onChange={(e) => chat.send({ type: 'draft.change', text: e.currentTarget.value })}
          onKeyDown={onKeyDown}
        />
        {streaming ? (
          <Tooltip label="Stop the answer">
            <ActionIcon size={36} color="red" variant="filled" aria-label="Stop" onClick={() => chat.send({ type: 'message.stop' })}>
              <CoachIcon name="stop" />
            </ActionIcon>
          </Tooltip>
        ) : (
          <ActionIcon size={36} variant="filled" aria-label="Send" disabled={!canSend} onClick={send}>
            <CoachIcon name="send" />
          </ActionIcon>
        )}
      </Group>
      <Group justify="space-between" gap="xs">
        <Text size="xs" c="dimmed" visibleFrom="sm">
          Enter to send, Shift+Enter for a new line. The coach can be wrong; it never gives advice on specific investments.
        </Text>
        {allowance && !allowance.unlimited && allowance.remaining_today !== null && (
          <Text size="xs" c={allowance.remaining_today === 0 ? 'red' : 'dimmed'} data-testid="allowance">
            {allowance.remaining_today} of {allowance.daily_limit} free messages left today
          </Text>
        )}
      </Group>
    </Stack>
  );
}
