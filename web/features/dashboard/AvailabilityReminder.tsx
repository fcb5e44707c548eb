import { Alert, Button, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ACCEPTING_LABELS } from '../../../common/availability.ts';
import { serverMessageOr, useSubmit } from '../../lib/useSubmit.ts';
import { useConfirmAvailability, useOwnAvailability } from './api.ts';

/**
 * "Still accepting new clients?": shown once the owner's stated availability is stale (not confirmed for 60 days), so
 * referrers can trust the badge. One click confirms it; a change goes through Edit Profile. Never before the member
 * has stated it once: a newcomer would be asked to confirm a default ("Not accepting") they never chose; the
 * onboarding checklist asks them to state it instead.
 */
export function AvailabilityReminder() {
  const { data: me } = useOwnAvailability();
  const confirm = useConfirmAvailability();
  const { busy, message, submit } = useSubmit(serverMessageOr('Could not confirm your availability.'));
  if (!me?.availabilityStale || me.availabilityUpdatedAt === null) return null;
  const onConfirm = submit(async () => {
    await confirm.mutateAsync();
  });
  return (
    <Alert color="yellow" title="Still accepting new clients?" role="region"
      styles={{ title: { color: 'var(--mantine-color-dark-8)' } }}>
      <Text c="dark.8">
        Your profile says: <strong>{ACCEPTING_LABELS[me.acceptingClients]}</strong>
        {me.availabilityNote ? ` (${me.availabilityNote})` : ''}. Colleagues refer to people whose availability is current.
      </Text>
      {message && <Text c="red.9" mt="xs" role="alert">{message}</Text>}
      <Group mt="sm" gap="xs">
        <Button onClick={onConfirm} loading={busy}>Confirm availability</Button>
        <Button component={Link} to="/edit-profile" variant="default">Update availability</Button>
      </Group>
    </Alert>
  );
}
