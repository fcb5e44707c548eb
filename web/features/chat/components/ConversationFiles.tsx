// "Files": every file shared in the conversation (of the messages loaded so far), newest first, in a side panel.
import { Button, Drawer, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { defineMessages, useIntl } from 'react-intl';
import { withValues } from '../../../lib/messages.ts';
import type { Message } from '../../../../common/chat.ts';
import { FileCard } from '../../../components/files/FileCard.tsx';
import { ImageThumb } from '../../../components/files/ImageThumb.tsx';
import { DOT } from '../../../lib/punctuation.ts';
import { attachmentsOf } from '../attachments.ts';

const m = withValues(defineMessages({
  title: { id: 'chat.files.title', defaultMessage: 'Files', description: 'Title of the side panel listing the files shared in the conversation' },
  close: { id: 'chat.files.close', defaultMessage: 'Close files', description: 'Accessible name of the button closing the files panel' },
  none: { id: 'chat.files.none', defaultMessage: 'No files shared in this conversation yet.', description: 'The conversation has no shared file (among the messages loaded)' },
  list: { id: 'chat.files.list', defaultMessage: 'Files shared in this conversation', description: 'Accessible name of the list of shared files' },
  note: { id: 'chat.files.note', defaultMessage: '{name}, {date}', description: 'Under a shared file: who shared it and on what day' },
  older: { id: 'chat.files.older', defaultMessage: 'Look in older messages', description: 'Button: load older messages to find more shared files' },
}));

type Props = {
  opened: boolean;
  onClose: () => void;
  messages: Message[];
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  onOpenImage: (id: string) => void;
};

export function ConversationFiles({ opened, onClose, messages, hasOlder, loadingOlder, onLoadOlder, onOpenImage }: Props) {
  const intl = useIntl();
  const phone = useMediaQuery('(max-width: 40em)');
  const noteOf = (message: Message) => intl.formatMessage(m.note, { name: message.sender.name, date: intl.formatDate(message.createdAt, { dateStyle: 'medium' }) });
  const shared = [...messages].reverse().flatMap((message) => attachmentsOf(message).map((file) => ({ file, note: noteOf(message) })));
  return (
    <Drawer opened={opened} onClose={onClose} position="right" size={phone ? '100%' : 'sm'} title={<Text fw={700}>{intl.formatMessage(m.title)}</Text>}
      closeButtonProps={{ 'aria-label': intl.formatMessage(m.close) }}>
      {shared.length === 0 && <Text c="gray.7" size="sm">{intl.formatMessage(m.none)}</Text>}
      <Stack gap="sm" component="ul" aria-label={intl.formatMessage(m.list)} m={0} p={0} style={{ listStyle: 'none' }}>
        {shared.map(({ file, note }) => (
          <li key={file._id} data-testid="shared-file">
            {file.kind === 'image'
              ? (
                <Stack gap={2}>
                  <ImageThumb file={file} max={160} onOpen={() => onOpenImage(file._id)} />
                  <Text size="xs" c="gray.7" style={{ overflowWrap: 'anywhere' }}>{file.name}{DOT}{note}</Text>
                </Stack>
              )
              : <FileCard file={file} note={note} />}
          </li>
        ))}
      </Stack>
      {hasOlder && (
        <Button variant="default" size="xs" mt="md" loading={loadingOlder} onClick={onLoadOlder}>{intl.formatMessage(m.older)}</Button>
      )}
    </Drawer>
  );
}
