import { Alert, Button, Group, Paper, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { downloadFile } from '../../lib/download.ts';
import { useLatestExport, usePrepareExport } from './privacy-api.ts';

const when = (iso: string) => new Date(iso).toLocaleString('en', { dateStyle: 'medium', timeStyle: 'short' });

/** "Download my data": prepare a copy, then download it (for 24 hours); an email also says when it is ready. */
export function DownloadData() {
  const latest = useLatestExport();
  const prepare = usePrepareExport();
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const current = latest.data?.export ?? null;
  const download = async (id: string) => {
    setDownloadError(null);
    await downloadFile(`/api/users/me/export/${id}`, 'thera-root-data.zip').catch((e: Error) => setDownloadError(e.message));
  };
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="export-title">
      <Title order={2} size="h4" id="export-title">Download my data</Title>
      <Text size="sm" c="dimmed" mb="sm">
        A ZIP of JSON files with your profile and licence details, posts, comments, likes, communities, network, resources,
        conversations with their messages, sessions, reports you filed and the audit entries about you.
      </Text>
      <Group gap="sm" aria-live="polite">
        {current?.status === 'preparing' && <Text size="sm" role="status">Preparing your data… We will also email you when it is ready.</Text>}
        {current?.status === 'ready' && (
          <>
            <Button onClick={() => void download(current._id)}>Download my data</Button>
            <Text size="sm">Ready; available until {when(current.expiresAt)}.</Text>
          </>
        )}
        {current?.status !== 'preparing' && (
          <Button variant={current?.status === 'ready' ? 'default' : 'filled'} onClick={() => prepare.mutate()} loading={prepare.isPending}>
            {current?.status === 'ready' ? 'Prepare a new copy' : 'Prepare my data'}
          </Button>
        )}
      </Group>
      {current?.status === 'failed' && <Alert color="red" mt="xs" role="alert">Preparing your data failed. Please try again.</Alert>}
      {(prepare.error || downloadError) && <Alert color="red" mt="xs" role="alert">{prepare.error?.message ?? downloadError}</Alert>}
    </Paper>
  );
}
