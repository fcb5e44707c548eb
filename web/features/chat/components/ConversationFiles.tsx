// "Files": every file shared in the conversation (of the messages loaded so far), newest first, in a side panel.
import { Button, Drawer, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Message } from '../../../../common/chat.ts';
import { FileCard } from '../../../components/files/FileCard.tsx';
import { ImageThumb } from '../../../components/files/ImageThumb.tsx';
import { attachmentsOf } from '../attachments.ts';

type Props = {
  opened: boolean;
  onClose: () => void;
  messages: Message[];
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  onOpenImage: (id: string) => void;
};

const day = (iso: string) => new Date(iso).toLocaleDateString([], { dateStyle: 'medium' });

export function ConversationFiles({ opened, onClose, messages, hasOlder, loadingOlder, onLoadOlder, onOpenImage }: Props) {
  const phone = useMediaQuery('(max-width: 40em)');
  const shared = [...messages].reverse().flatMap((m) => attachmentsOf(m).map((file) => ({ file, note: `${m.sender.name}, ${day(m.createdAt)}` })));
  return (
    <Drawer opened={opened} onClose={onClose} position="right" size={phone ? '100%' : 'sm'} title={<Text fw={700}>Files</Text>}
      closeButtonProps={{ 'aria-label': 'Close files' }}>
      {shared.length === 0 && <Text c="gray.7" size="sm">No files shared in this conversation yet.</Text>}
      <Stack gap="sm" component="ul" aria-label="Files shared in this conversation" m={0} p={0} style={{ listStyle: 'none' }}>
        {shared.map(({ file, note }) => (
          <li key={file._id} data-testid="shared-file">
            {file.kind === 'image'
              ? (
                <Stack gap={2}>
                  <ImageThumb file={file} max={160} onOpen={() => onOpenImage(file._id)} />
                  <Text size="xs" c="gray.7" style={{ overflowWrap: 'anywhere' }}>{file.name} · {note}</Text>
                </Stack>
              )
              : <FileCard file={file} note={note} />}
          </li>
        ))}
      </Stack>
      {hasOlder && (
        <Button variant="default" size="xs" mt="md" loading={loadingOlder} onClick={onLoadOlder}>Look in older messages</Button>
      )}
    </Drawer>
  );
}
