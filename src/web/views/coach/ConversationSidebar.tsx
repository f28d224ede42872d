import { ActionIcon, Button, Group, Loader, Menu, Modal, ScrollArea, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import type { ConversationSummary } from '../../../../machines/chat';
import { CHAT_LIMITS } from '../../../contract/chat';
import { formatShortDate } from '../../format/date';
import { useBalancesHidden } from '../../hooks/useMoney';
import { LoadFailed } from '../LoadFailed';
import { useChatActor, useChatList } from './chatActor';
import classes from './coach.module.css';
import { CoachIcon } from './coachIcons';
import { conversationPreview } from './preview';

const when = (iso?: string) => (iso ? formatShortDate(iso) : '');

/** The conversation list: search, new conversation, open, rename, delete, clear memory. */
export function ConversationSidebar({ onOpened }: { onOpened?: () => void }) {
  const chat = useChatActor();
  const listPhase = useChatList((s) => (s.matches({ list: 'loading' }) ? 'loading' : s.matches({ list: 'failed' }) ? 'failed' : 'ready'));
  const listError = useChatList((s) => s.context.listError);
  const searchQuery = useChatList((s) => s.context.searchQuery);
  const searching = useChatList((s) => s.matches({ list: { ready: 'searching' } }) || s.matches({ list: { ready: 'debouncing' } }));
  const searchError = useChatList((s) => s.context.searchError);
  const conversations = useChatList((s) => s.context.searchResults ?? s.context.conversations);
  const isSearch = useChatList((s) => s.context.searchResults !== null);
  const total = useChatList((s) => s.context.totalConversations);
  const currentId = useChatList((s) => s.context.currentConversation?.conversation_id ?? null);
  const creating = useChatList((s) => s.matches({ current: 'creating' }));
  const [renaming, setRenaming] = useState<ConversationSummary | null>(null);

  return (
    <Stack gap="sm" h="100%" mih={0}>
      <Button
        leftSection={<CoachIcon name="plus" />}
        onClick={() => {
          chat.send({ type: 'conversation.create' });
          onOpened?.();
        }}
        loading={creating}
      >
        New conversation
      </Button>
      <TextInput
        aria-label="Search conversations"
        placeholder="Search conversations"
        leftSection={<CoachIcon name="search" />}
        rightSection={searching ? <Loader size="xs" role="status" aria-label="Searching" /> : null}
        value={searchQuery}
        maxLength={CHAT_LIMITS.search}
        onChange={(e) => chat.send({ type: 'conversations.search', query: e.currentTarget.value })}
      />
      {listPhase === 'failed' && <LoadFailed compact title="Conversations unavailable" message={listError} onRetry={() => chat.send({ type: 'chat.reload' })} />}
      {searchError && (
        <Text size="sm" c="red" role="alert">
          {searchError}
        </Text>
      )}
      <ScrollArea style={{ flex: 1, minHeight: 0 }} offsetScrollbars type="auto">
        {listPhase === 'loading' ? (
          <Group justify="center" p="md">
            <Loader size="sm" role="status" aria-label="Loading conversations" />
          </Group>
        ) : conversations.length === 0 && listPhase === 'ready' ? (
          <Text size="sm" c="dimmed" p="xs">
            {isSearch ? `No conversation matches “${searchQuery}”.` : 'No conversations yet. Ask the coach anything about your money to start one.'}
          </Text>
        ) : (
          <Stack gap={2} component="ul" aria-label={isSearch ? 'Search results' : 'Conversations'} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {conversations.map((c) => (
              <ConversationItem
                key={c.conversation_id}
                conversation={c}
                current={c.conversation_id === currentId}
                onOpen={() => {
                  chat.send({ type: 'conversation.select', conversationId: c.conversation_id });
                  onOpened?.();
                }}
                onRename={() => setRenaming(c)}
                onDelete={() => chat.send({ type: 'conversation.delete', conversationId: c.conversation_id })}
              />
            ))}
          </Stack>
        )}
      </ScrollArea>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="xs" c="dimmed">
          {total} conversation{total === 1 ? '' : 's'}
        </Text>
        <Button size="compact-xs" variant="subtle" color="red" onClick={() => chat.send({ type: 'memory.clear' })} disabled={total === 0}>
          Clear memory
        </Button>
      </Group>
      <RenameModal conversation={renaming} onClose={() => setRenaming(null)} />
    </Stack>
  );
}

function ConversationItem({ conversation, current, onOpen, onRename, onDelete }: { conversation: ConversationSummary; current: boolean; onOpen: () => void; onRename: () => void; onDelete: () => void }) {
  const title = conversation.conversation_title;
  // Hide balances masks the preview's amounts as it masks the answer bubble's.
  const hidden = useBalancesHidden();
  const preview = conversation.last_message_preview ? conversationPreview(conversation.last_message_preview, hidden) : '';
  return (
    <Group component="li" gap={4} wrap="nowrap" align="center">
      <UnstyledButton className={classes.conversation} onClick={onOpen} aria-current={current ? 'true' : undefined} style={{ flex: 1, minWidth: 0 }}>
        <Text size="sm" fw={current ? 600 : 500} truncate="end">
          {title}
        </Text>
        <Text size="xs" c="dimmed" truncate="end">
          {[when(conversation.updated_at), preview].filter(Boolean).join(' · ') || 'No messages yet'}
        </Text>
      </UnstyledButton>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${title}`}>
            <CoachIcon name="dots" />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<CoachIcon name="pencil" size={14} />} onClick={onRename}>
            Rename
          </Menu.Item>
          <Menu.Item color="red" leftSection={<CoachIcon name="trash" size={14} />} onClick={onDelete}>
            Delete
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}

/** The rename form; the machine renames (and swallows a failure, [spec:8-rename-swallow]). */
function RenameModal({ conversation, onClose }: { conversation: ConversationSummary | null; onClose: () => void }) {
  const chat = useChatActor();
  const [title, setTitle] = useState('');
  const [forId, setForId] = useState<string | null>(null);
  if (conversation && conversation.conversation_id !== forId) {
    setForId(conversation.conversation_id);
    setTitle(conversation.conversation_title);
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!conversation || !title.trim()) return;
    chat.send({ type: 'conversation.rename', conversationId: conversation.conversation_id, title: title.trim() });
    setForId(null);
    onClose();
  };
  return (
    <Modal
      opened={conversation !== null}
      onClose={() => {
        setForId(null);
        onClose();
      }}
      title="Rename conversation"
      centered
    >
      <form onSubmit={submit}>
        <TextInput label="Title" value={title} onChange={(e) => setTitle(e.currentTarget.value)} maxLength={CHAT_LIMITS.title} data-autofocus required />
        <Group justify="flex-end" mt="md">
          <Button
            variant="default"
            onClick={() => {
              setForId(null);
              onClose();
            }}
          >
            Cancel
          </Button>
          <Button type="submit" disabled={!title.trim()}>
            Save
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
