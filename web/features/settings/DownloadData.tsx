import { Alert, Button, Group, Paper, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { downloadFile } from '../../lib/download.ts';
import { defineMessages, useIntl } from 'react-intl';
import { useLatestExport, usePrepareExport } from './privacy-api.ts';

const m = defineMessages({
  title: { id: 'settings.export.title', defaultMessage: 'Download my data', description: 'Heading and download button of the data export (Privacy tab).' },
  intro: {
    id: 'settings.export.intro',
    defaultMessage: 'A ZIP of JSON files with your profile and licence details, posts, comments, likes, communities, network, resources, '
      + 'conversations with their messages, sessions, reports you filed and the audit entries about you.',
    description: 'What the data export holds.',
  },
  preparing: { id: 'settings.export.preparing', defaultMessage: 'Preparing your data… We will also email you when it is ready.', description: 'While the export is prepared.' },
  prepareNew: { id: 'settings.export.prepareNew', defaultMessage: 'Prepare a new copy', description: 'Button when a copy is ready already.' },
  prepare: { id: 'settings.export.prepare', defaultMessage: 'Prepare my data', description: 'Button starting the data export.' },
  failed: { id: 'settings.export.failed', defaultMessage: 'Preparing your data failed. Please try again.', description: 'The export failed.' },
});
const mv = defineMessages<{ ready: { until: string } }>({
  ready: { id: 'settings.export.ready', defaultMessage: 'Ready; available until {until}.', description: 'The copy is ready; {until}: the date and time it expires.' },
});


/** "Download my data": prepare a copy, then download it (for 24 hours); an email also says when it is ready. */
export function DownloadData() {
  const intl = useIntl();
  const t = intl.formatMessage;
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
      <Title order={2} size="h4" id="export-title">{t(m.title)}</Title>
      <Text size="sm" c="dimmed" mb="sm">{t(m.intro)}</Text>
      <Group gap="sm" aria-live="polite">
        {current?.status === 'preparing' && <Text size="sm" role="status">{t(m.preparing)}</Text>}
        {current?.status === 'ready' && (
          <>
            <Button onClick={() => void download(current._id)}>{t(m.title)}</Button>
            <Text size="sm">{t(mv.ready, { until: intl.formatDate(current.expiresAt, { dateStyle: 'medium', timeStyle: 'short' }) })}</Text>
          </>
        )}
        {current?.status !== 'preparing' && (
          <Button variant={current?.status === 'ready' ? 'default' : 'filled'} onClick={() => prepare.mutate()} loading={prepare.isPending}>
            {t(current?.status === 'ready' ? m.prepareNew : m.prepare)}
          </Button>
        )}
      </Group>
      {current?.status === 'failed' && <Alert color="red" mt="xs" role="alert">{t(m.failed)}</Alert>}
      {(prepare.error || downloadError) && <Alert color="red" mt="xs" role="alert">{prepare.error?.message ?? downloadError}</Alert>}
    </Paper>
  );
}
