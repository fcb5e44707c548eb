// The image viewer: one image large, the arrow keys (or buttons) move between the conversation's images, Escape
// closes and focus goes back to the thumbnail that opened it (Mantine's Modal returns it).
import type { FileInfo } from '../../../common/files.ts';
import { useEffect, useState } from 'react';
import { ActionIcon, Button, Center, Group, Loader, Modal, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { defineMessages, useIntl } from 'react-intl';
import { downloadFile } from '../../lib/download.ts';
import { fileUrl, useImageData } from './api.ts';
import { thumbnailBox } from './format.ts';
import { ChevronIcon } from './icons.tsx';

// A message without arguments (react-intl types each message by its values).
type NoValues = Record<never, never>;
const m = defineMessages<{
  close: NoValues; previous: NoValues; next: NoValues; position: { index: number; count: number }; loading: NoValues;
  downloadLabel: { name: string }; download: NoValues;
}>({
  close: { id: 'files.viewer.close', defaultMessage: 'Close image viewer', description: 'Screen-reader name of the viewer\'s close button' },
  previous: { id: 'files.viewer.previous', defaultMessage: 'Previous image', description: 'Screen-reader name of the viewer\'s left arrow' },
  next: { id: 'files.viewer.next', defaultMessage: 'Next image', description: 'Screen-reader name of the viewer\'s right arrow' },
  position: { id: 'files.viewer.position', defaultMessage: '{index} of {count}', description: 'Which image of the conversation\'s images is shown (3 of 7)' },
  loading: { id: 'files.viewer.loading', defaultMessage: 'Loading image', description: 'Screen-reader name of the spinner while an image loads' },
  downloadLabel: { id: 'files.viewer.downloadLabel', defaultMessage: 'Download {name}', description: 'Screen-reader name of the viewer\'s Download button' },
  download: { id: 'files.viewer.download', defaultMessage: 'Download', description: 'Button: saves the image shown' },
});

type Props = { images: FileInfo[]; openId: string | null; onChange: (id: string | null) => void };

export function ImageViewer({ images, openId, onChange }: Props) {
  const intl = useIntl();
  const phone = useMediaQuery('(max-width: 40em)');
  const index = images.findIndex((f) => f._id === openId);
  const current = index >= 0 ? images[index] : undefined;
  const move = (step: number) => {
    const next = images[index + step];
    if (next) onChange(next._id);
  };

  useEffect(() => {
    if (!current) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'ArrowLeft') move(-1);
      else if (event.key === 'ArrowRight') move(1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  return (
    <Modal opened={Boolean(current)} onClose={() => onChange(null)} size="auto" fullScreen={phone} centered
      title={current ? <Text fw={600} style={{ overflowWrap: 'anywhere' }}>{current.name}</Text> : null}
      closeButtonProps={{ 'aria-label': intl.formatMessage(m.close) }}>
      {current && (
        <>
          <ViewedImage file={current} />
          <Group justify="space-between" mt="sm" wrap="nowrap">
            <ActionIcon variant="default" size="lg" aria-label={intl.formatMessage(m.previous)} disabled={index === 0} onClick={() => move(-1)}>
              <ChevronIcon direction="left" />
            </ActionIcon>
            <Text size="sm" c="gray.7" aria-live="polite">{intl.formatMessage(m.position, { index: index + 1, count: images.length })}</Text>
            <Group gap="xs" wrap="nowrap">
              <DownloadButton file={current} />
              <ActionIcon variant="default" size="lg" aria-label={intl.formatMessage(m.next)} disabled={index === images.length - 1} onClick={() => move(1)}>
                <ChevronIcon direction="right" />
              </ActionIcon>
            </Group>
          </Group>
        </>
      )}
    </Modal>
  );
}

function ViewedImage({ file }: { file: FileInfo }) {
  const intl = useIntl();
  const data = useImageData(fileUrl(file._id));
  const { width, height } = thumbnailBox(file, 1600);
  if (data.isError) return <Text c="red.8" role="alert">{data.error.message}</Text>;
  if (!data.data) return <Center w={Math.min(width, 640)} maw="100%" style={{ aspectRatio: `${width} / ${height}` }}><Loader aria-label={intl.formatMessage(m.loading)} /></Center>;
  return <img className="file-viewer-image" src={data.data} width={width} height={height} alt={file.name} data-testid="viewer-image" />;
}

function DownloadButton({ file }: { file: FileInfo }) {
  const intl = useIntl();
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      {error && <Text size="xs" c="red.8" role="alert">{error}</Text>}
      <Button size="sm" variant="default" aria-label={intl.formatMessage(m.downloadLabel, { name: file.name })}
        onClick={() => downloadFile(fileUrl(file._id), file.name).then(() => setError(null), (e: Error) => setError(e.message))}>
        {intl.formatMessage(m.download)}
      </Button>
    </>
  );
}
