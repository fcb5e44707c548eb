// The files chosen for a message, before it is sent: a preview (the picture, or the kind's icon), the name, a progress
// bar while uploading, and a button to cancel the upload or take the file off.
import { ActionIcon, Paper, Progress, Text } from '@mantine/core';
import { defineMessages, useIntl } from 'react-intl';
import { formatBytes } from './format.ts';
import { CloseIcon, KindIcon } from './icons.tsx';
import type { Upload } from './useUploads.ts';
import './files.css';

// A message without arguments (react-intl types each message by its values).
type NoValues = Record<never, never>;
const m = defineMessages<{ list: NoValues; uploading: { name: string }; cancel: { name: string }; remove: { name: string } }>({
  list: { id: 'files.upload.list', defaultMessage: 'Files to send', description: 'Screen-reader name of the list of files chosen for a message' },
  uploading: { id: 'files.upload.progress', defaultMessage: 'Uploading {name}', description: 'Screen-reader name of a file\'s progress bar' },
  cancel: { id: 'files.upload.cancel', defaultMessage: 'Cancel upload of {name}', description: 'Screen-reader name of the button that stops an upload' },
  remove: { id: 'files.upload.remove', defaultMessage: 'Remove {name}', description: 'Screen-reader name of the button that takes an uploaded file off the message' },
});

type Props = { uploads: Upload[]; onRemove: (key: string) => void };

export function UploadList({ uploads, onRemove }: Props) {
  const intl = useIntl();
  if (uploads.length === 0) return null;
  return (
    <ul className="file-uploads" aria-label={intl.formatMessage(m.list)} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {uploads.map((u) => (
        <li key={u.key} className="file-upload" data-testid="upload" data-status={u.status}>
          <Paper withBorder radius="md" p={4}>
            {u.preview
              ? <img className="file-upload-preview" src={u.preview} alt="" width={132} height={88} />
              : (
                <div className="file-upload-preview" style={{ display: 'grid', placeItems: 'center', color: 'var(--mantine-color-brand-7)' }}>
                  <KindIcon kind={u.file?.kind ?? 'document'} />
                </div>
              )}
            <Text size="xs" fw={600} mt={4} truncate="end" title={u.name}>{u.name}</Text>
            {u.status === 'uploading' && (
              // The bar is the element with the role, so that it is there at 0% (Mantine's own is its section: no width yet).
              <div role="progressbar" aria-label={intl.formatMessage(m.uploading, { name: u.name })} aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(u.progress * 100)}>
                <Progress value={Math.round(u.progress * 100)} size="sm" mt={4} aria-hidden />
              </div>
            )}
            {u.status === 'done' && <Text size="xs" c="gray.7">{formatBytes(u.file?.size ?? u.size, intl)}</Text>}
            {u.status === 'failed' && <Text size="xs" c="red.8" role="alert">{u.error}</Text>}
            <ActionIcon size="sm" radius="xl" variant="filled" color="dark" pos="absolute" top={8} right={8}
              aria-label={intl.formatMessage(u.status === 'uploading' ? m.cancel : m.remove, { name: u.name })} onClick={() => onRemove(u.key)}>
              <CloseIcon size={14} />
            </ActionIcon>
          </Paper>
        </li>
      ))}
    </ul>
  );
}
