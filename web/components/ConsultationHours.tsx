import { Alert, Button, Group, Paper, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { withValues } from '../lib/messages.ts';
import type { Hours } from '../../common/groups.ts';
import { api } from '../lib/api.ts';
import { downloadFile } from '../lib/download.ts';

const m = withValues(defineMessages({
  title: { id: 'components.consultationHours.title', defaultMessage: 'Consultation hours this year', description: 'Heading of the card totalling the member\'s consultation group meetings this calendar year.' },
  loading: { id: 'components.consultationHours.loading', defaultMessage: 'Loading hours...', description: 'Shown while the consultation hours load.' },
  total: { id: 'components.consultationHours.total', defaultMessage: '{hours, plural, one {# hour} other {# hours}} over {meetings, plural, one {# meeting} other {# meetings}}', description: 'The year\'s consultation hours: {hours} in total (may have a decimal), over {meetings} group meetings.' },
  none: { id: 'components.consultationHours.none', defaultMessage: 'No consultation meetings recorded this year.', description: 'The member attended no consultation group meeting this year.' },
  csv: { id: 'components.consultationHours.downloadCsv', defaultMessage: 'Download CSV', description: 'Button: download the hours as a CSV file.' },
  pdf: { id: 'components.consultationHours.downloadPdf', defaultMessage: 'Download PDF', description: 'Button: download the hours as a PDF attestation.' },
}));

/**
 * "Consultation hours this year" with the CSV and PDF downloads: shared, as the dashboard and /groups both show it
 * (features do not import one another).
 */
export function ConsultationHours() {
  const intl = useIntl();
  const year = new Date().getFullYear();
  const from = `${year}-01-01`;
  const to = `${year}-12-31`;
  const hours = useQuery({
    queryKey: ['groups', 'hours', from, to],
    queryFn: ({ signal }) => api<Hours>(`/api/users/me/consultation-hours?from=${from}&to=${to}`, { signal }),
  });
  const [failed, setFailed] = useState<string | null>(null);
  const download = (ext: 'csv' | 'pdf') => {
    setFailed(null);
    downloadFile(`/api/users/me/consultation-hours.${ext}?from=${from}&to=${to}`, `consultation-hours.${ext}`)
      .catch((e: Error) => setFailed(e.message));
  };
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="consultation-hours">
      <Title order={2} size="h3" id="consultation-hours">{intl.formatMessage(m.title)}</Title>
      {hours.isPending && <Text c="dimmed" size="sm">{intl.formatMessage(m.loading)}</Text>}
      {hours.data && (
        <Text mt={4}>
          {hours.data.lines.length
            ? intl.formatMessage(m.total, { hours: hours.data.totalHours, meetings: hours.data.lines.length })
            : intl.formatMessage(m.none)}
        </Text>
      )}
      <Group gap="xs" mt="sm">
        <Button variant="default" size="xs" onClick={() => download('csv')}>{intl.formatMessage(m.csv)}</Button>
        <Button variant="default" size="xs" onClick={() => download('pdf')}>{intl.formatMessage(m.pdf)}</Button>
      </Group>
      {failed && <Alert color="red" role="alert" mt="xs">{failed}</Alert>}
    </Paper>
  );
}
