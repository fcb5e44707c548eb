import { Alert, Button, NumberInput, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import type { RetentionSettings } from '../../../common/retention.ts';
import { PageLoader } from '../../components/PageLoader.tsx';
import { withValues } from '../../lib/messages.ts';
import { useSubmit } from '../../lib/useSubmit.ts';
import { AdminNav } from './AdminNav.tsx';
import { useRetention, useSaveRetention } from './api.ts';

const m = withValues(defineMessages({
  chatMessages: { id: 'admin.retention.chatMessages', defaultMessage: 'Chat messages (days)', description: 'Retention field: days chat messages are kept.' },
  chatMessagesHelp: { id: 'admin.retention.chatMessagesHelp', defaultMessage: 'From when they were sent. 0 keeps them for ever.', description: 'Under the chat messages retention field.' },
  notifications: { id: 'admin.retention.notifications', defaultMessage: 'Notifications (days)', description: 'Retention field: days notifications are kept.' },
  notificationsHelp: { id: 'admin.retention.notificationsHelp', defaultMessage: 'From when they were created. 0 keeps them for ever.', description: 'Under the notifications retention field.' },
  closedReferrals: { id: 'admin.retention.closedReferrals', defaultMessage: 'Closed or expired referrals (days)', description: 'Retention field: days closed referrals are kept.' },
  closedReferralsHelp: { id: 'admin.retention.closedReferralsHelp', defaultMessage: 'From when they were placed, withdrawn or expired. 0 keeps them for ever.', description: 'Under the closed referrals retention field.' },
  dataExports: { id: 'admin.retention.dataExports', defaultMessage: 'Data exports (days)', description: 'Retention field: days the records of data exports are kept.' },
  dataExportsHelp: { id: 'admin.retention.dataExportsHelp', defaultMessage: 'The record that a member downloaded their data; the file itself goes after 24 hours. 0 keeps them for ever.', description: 'Under the data exports retention field.' },
  endedSessions: { id: 'admin.retention.endedSessions', defaultMessage: 'Ended sessions (days)', description: 'Retention field: days ended sign-in sessions are kept.' },
  endedSessionsHelp: { id: 'admin.retention.endedSessionsHelp', defaultMessage: 'From when a session ended (idle or too old). 0 keeps them for ever.', description: 'Under the ended sessions retention field (sign-in sessions).' },
  audit: { id: 'admin.retention.audit', defaultMessage: 'Audit trail (years)', description: 'Retention field: years the audit trail is kept.' },
  auditHelp: { id: 'admin.retention.auditHelp', defaultMessage: 'At least 6 years.', description: 'Under the audit trail retention field.' },
  title: { id: 'admin.retention.title', defaultMessage: 'Retention', description: 'Title of the admin screen setting how long records are kept.' },
  intro: { id: 'admin.retention.intro', defaultMessage: 'Every day, records older than these are deleted, except those of members under legal hold (set on a member\'s account page). Each purge is recorded in the audit log, with counts only.', description: 'Under the retention title.' },
  loading: { id: 'admin.retention.loading', defaultMessage: 'Loading retention settings...', description: 'While the retention settings load.' },
  failed: { id: 'admin.retention.failed', defaultMessage: 'Could not save the retention settings. Please try again.', description: 'Saving failed and the server gave no reason.' },
  form: { id: 'admin.retention.form', defaultMessage: 'Retention settings', description: 'Accessible name of the retention form.' },
  saved: { id: 'admin.retention.saved', defaultMessage: 'Retention settings saved.', description: 'The retention settings were saved.' },
  save: { id: 'admin.retention.save', defaultMessage: 'Save retention settings', description: 'Button: save the retention settings.' },
}));

const FIELDS: { name: keyof RetentionSettings; label: MessageDescriptor; description: MessageDescriptor; min: number }[] = [
  { name: 'chatMessagesDays', label: m.chatMessages, description: m.chatMessagesHelp, min: 0 },
  { name: 'notificationsDays', label: m.notifications, description: m.notificationsHelp, min: 0 },
  { name: 'closedReferralsDays', label: m.closedReferrals, description: m.closedReferralsHelp, min: 0 },
  { name: 'dataExportsDays', label: m.dataExports, description: m.dataExportsHelp, min: 0 },
  { name: 'endedSessionsDays', label: m.endedSessions, description: m.endedSessionsHelp, min: 0 },
  { name: 'auditYears', label: m.audit, description: m.auditHelp, min: 6 },
];

/** /admin/retention: how long each kind of record is kept before the daily purge removes it. */
export default function RetentionPage() {
  const intl = useIntl();
  const retention = useRetention();
  return (
    <Stack gap="md">
      <AdminNav />
      <div>
        <Title order={1}>{intl.formatMessage(m.title)}</Title>
        <Text c="dimmed">{intl.formatMessage(m.intro)}</Text>
      </div>
      {retention.isPending && <PageLoader label={intl.formatMessage(m.loading)} />}
      {retention.isError && <Alert color="red" role="alert">{retention.error.message}</Alert>}
      {retention.data && <RetentionForm saved={retention.data} />}
    </Stack>
  );
}

/** Starts from the saved settings; after a save, what is shown is what was saved. */
function RetentionForm({ saved }: { saved: RetentionSettings }) {
  const intl = useIntl();
  const [values, setValues] = useState<Record<keyof RetentionSettings, number | string>>(saved);
  const save = useSaveRetention();
  const [done, setDone] = useState(false);
  const { busy, message, submit } = useSubmit(intl.formatMessage(m.failed));
  const onSubmit = submit(async () => {
    setDone(false);
    // An emptied field is sent as it is, so the server's message says what is wrong with it.
    await save.mutateAsync(values as RetentionSettings);
    setDone(true);
  });
  return (
    <Paper withBorder p="md" component="form" onSubmit={onSubmit} aria-label={intl.formatMessage(m.form)} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {FIELDS.map((field) => (
            <NumberInput key={field.name} label={intl.formatMessage(field.label)} description={intl.formatMessage(field.description)} min={field.min} clampBehavior="none" allowDecimal={false}
              value={values[field.name]} onChange={(value) => setValues((v) => ({ ...v, [field.name]: value }))} />
          ))}
        </SimpleGrid>
        {message && <Alert color="red" role="alert">{message}</Alert>}
        {done && <Text role="status">{intl.formatMessage(m.saved)}</Text>}
        <Button type="submit" loading={busy} style={{ alignSelf: 'flex-start' }}>{intl.formatMessage(m.save)}</Button>
      </Stack>
    </Paper>
  );
}
