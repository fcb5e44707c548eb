import { Alert, Button, Group, Text } from '@mantine/core';
import { defineMessages, FormattedMessage, useIntl, type MessageTag } from 'react-intl';
import { Link } from 'react-router';
import { useOptionLabels } from '../../lib/option-labels.ts';
import { serverMessageOr, useSubmit } from '../../lib/useSubmit.ts';
import { useConfirmAvailability, useOwnAvailability } from './api.ts';

const m = defineMessages({
  failed: { id: 'dashboard.availability.failed', defaultMessage: 'Could not confirm your availability.', description: 'Confirming availability failed and the server gave no reason.' },
  title: { id: 'dashboard.availability.title', defaultMessage: 'Still accepting new clients?', description: 'Title of the reminder to confirm whether the member takes new clients.' },
  confirm: { id: 'dashboard.availability.confirm', defaultMessage: 'Confirm availability', description: 'Button: the stated availability is still true.' },
  update: { id: 'dashboard.availability.update', defaultMessage: 'Update availability', description: 'Button: change the availability on the profile.' },
});
const mv = defineMessages<{ says: { b: MessageTag; status: string; note: string } }>({
  says: {
    id: 'dashboard.availability.says',
    defaultMessage: 'Your profile says: <b>{status}</b>{note}. Colleagues refer to people whose availability is current.',
    description: '{status}: the availability option shown (e.g. Accepting new clients); {note}: the member\'s own note as " (note)", or nothing.',
  },
});

/**
 * "Still accepting new clients?": shown once the owner's stated availability is stale (not confirmed for 60 days), so
 * referrers can trust the badge. One click confirms it; a change goes through Edit Profile. Never before the member
 * has stated it once: a newcomer would be asked to confirm a default ("Not accepting") they never chose; the
 * onboarding checklist asks them to state it instead.
 */
export function AvailabilityReminder() {
  const intl = useIntl();
  const labels = useOptionLabels();
  const { data: me } = useOwnAvailability();
  const confirm = useConfirmAvailability();
  const { busy, message, submit } = useSubmit(serverMessageOr(intl.formatMessage(m.failed)));
  if (!me?.availabilityStale || me.availabilityUpdatedAt === null) return null;
  const onConfirm = submit(async () => {
    await confirm.mutateAsync();
  });
  return (
    <Alert color="yellow" title={intl.formatMessage(m.title)} role="region"
      styles={{ title: { color: 'var(--mantine-color-dark-8)' } }}>
      <Text c="dark.8">
        <FormattedMessage {...mv.says} values={{
          b: (chunks) => <strong>{chunks}</strong>,
          status: labels.accepting(me.acceptingClients),
          note: me.availabilityNote ? ` (${me.availabilityNote})` : '',
        }} />
      </Text>
      {message && <Text c="red.9" mt="xs" role="alert">{message}</Text>}
      <Group mt="sm" gap="xs">
        <Button onClick={onConfirm} loading={busy}>{intl.formatMessage(m.confirm)}</Button>
        <Button component={Link} to="/edit-profile" variant="default">{intl.formatMessage(m.update)}</Button>
      </Group>
    </Alert>
  );
}
