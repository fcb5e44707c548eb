// A file that is not shown as a picture: its kind's icon, name, size and pages, and what can be done with it.
import type { FileInfo } from '../../../common/files.ts';
import { useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { Button, Group, Paper, Text } from '@mantine/core';
import { downloadFile } from '../../lib/download.ts';
import { fileUrl, openInNewTab } from './api.ts';
import { describeFile } from './format.ts';
import { KindIcon } from './icons.tsx';
import './files.css';

// A message without arguments (react-intl types each message by its values).
type NoValues = Record<never, never>;
const m = defineMessages<{ openLabel: { name: string }; open: NoValues; downloadLabel: { name: string }; download: NoValues }>({
  openLabel: { id: 'files.card.openLabel', defaultMessage: 'Open {name} in a new tab', description: 'Screen-reader name of a PDF\'s Open button' },
  open: { id: 'files.card.open', defaultMessage: 'Open', description: 'Button: opens a PDF in a new tab' },
  downloadLabel: { id: 'files.card.downloadLabel', defaultMessage: 'Download {name}', description: 'Screen-reader name of a file\'s Download button' },
  download: { id: 'files.card.download', defaultMessage: 'Download', description: 'Button: saves the file' },
});

type Props = { file: FileInfo; /** A line under the size, such as who shared it and when. */ note?: string };

export function FileCard({ file, note }: Props) {
  const intl = useIntl();
  const [error, setError] = useState<string | null>(null);
  const act = (action: Promise<void>) => {
    setError(null);
    action.catch((e: Error) => setError(e.message));
  };
  return (
    <Paper className="file-card" withBorder radius="md" p="xs" data-testid="file-card">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <span className="file-card-icon"><KindIcon kind={file.kind} /></span>
        <div style={{ minWidth: 0, flex: 1 }}>
          <Text size="sm" fw={600} className="file-name" title={file.name}>{file.name}</Text>
          <Text size="xs" c="gray.7">{describeFile(file, intl)}</Text>
          {note && <Text size="xs" c="gray.7">{note}</Text>}
          <Group gap={4} mt={4}>
            {file.kind === 'pdf' && (
              <Button size="compact-xs" variant="light" aria-label={intl.formatMessage(m.openLabel, { name: file.name })}
                onClick={() => act(openInNewTab(file, intl))}>
                {intl.formatMessage(m.open)}
              </Button>
            )}
            <Button size="compact-xs" variant="default" aria-label={intl.formatMessage(m.downloadLabel, { name: file.name })}
              onClick={() => act(downloadFile(fileUrl(file._id), file.name))}>
              {intl.formatMessage(m.download)}
            </Button>
          </Group>
          {error && <Text size="xs" c="red.8" role="alert">{error}</Text>}
        </div>
      </Group>
    </Paper>
  );
}
