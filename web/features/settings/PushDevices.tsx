import { Alert, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { PushDevices as Devices } from '../../../common/push.ts';
import { api } from '../../lib/api.ts';
import { enablePush, forgetPushDevice, guessDeviceName, pushSupported, thisDeviceId } from '../../lib/push.ts';

const devicesKey = ['settings', 'push-devices'] as const;

/** /settings/notifications: turning pushes on for this browser (the permission is asked only on the click), a test, the devices. */
export function PushDevices() {
  const client = useQueryClient();
  const devices = useQuery({ queryKey: devicesKey, queryFn: ({ signal }) => api<Devices>('/api/users/me/push-subscriptions', { signal }) });
  const [mine, setMine] = useState(thisDeviceId);
  const refresh = () => client.invalidateQueries({ queryKey: devicesKey });
  const turnOn = useMutation({ mutationFn: () => enablePush(guessDeviceName()), onSuccess: (d) => { setMine(d._id); void refresh(); } });
  const test = useMutation({ mutationFn: () => api<{ sent: number }>('/api/users/me/push-subscriptions/test', { method: 'POST' }) });
  const remove = useMutation({
    mutationFn: async (id: string) => (id === mine ? forgetPushDevice() : api(`/api/users/me/push-subscriptions/${id}`, { method: 'DELETE' })),
    onSuccess: (_r, id) => { if (id === mine) setMine(null); void refresh(); },
  });
  const list = devices.data?.devices ?? [];
  const subscribedHere = mine !== null && list.some((d) => d._id === mine);

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="push-devices-title">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id="push-devices-title">Notifications on this device</Title>
          <Text size="sm" c="dimmed">Pushes say who and where, never what was written. Which kinds are pushed is chosen in the table below.</Text>
        </div>
        {!pushSupported() ? <Text size="sm">This browser cannot receive push notifications.</Text> : (
          <Group gap="sm">
            {!subscribedHere && <Button onClick={() => turnOn.mutate()} loading={turnOn.isPending}>Turn on notifications on this device</Button>}
            <Button variant="default" onClick={() => test.mutate()} loading={test.isPending} disabled={list.length === 0}>Send a test notification</Button>
          </Group>
        )}
        {turnOn.isError && <Alert color="red" role="alert">{turnOn.error.message}</Alert>}
        {test.isSuccess && <Text size="sm" role="status">{test.data.sent === 1 ? 'Sent to 1 device.' : `Sent to ${test.data.sent} devices.`}</Text>}
        {devices.isError && <Alert color="red" role="alert">Could not load your devices. Please try again.</Alert>}
        {list.length > 0 && (
          <List listStyleType="none" spacing="xs" aria-label="Devices that receive notifications">
            {list.map((d) => (
              <List.Item key={d._id}>
                <Group gap="sm" wrap="nowrap">
                  <Text size="sm">{d.deviceName}{d._id === mine ? ' (this device)' : ''}</Text>
                  <Button size="compact-xs" variant="subtle" color="red" aria-label={`Remove ${d.deviceName}`} onClick={() => remove.mutate(d._id)}>Remove</Button>
                </Group>
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
    </Paper>
  );
}
