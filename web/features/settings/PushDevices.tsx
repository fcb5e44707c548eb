import { Alert, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { defineMessages, useIntl, type IntlShape } from 'react-intl';
import type { PushDevices as Devices } from '../../../common/push.ts';
import { api } from '../../lib/api.ts';
import { withValues } from '../../lib/messages.ts';
import { enablePush, forgetPushDevice, guessDevice, PushSetupError, pushSupported, thisDeviceId } from '../../lib/push.ts';

const devicesKey = ['settings', 'push-devices'] as const;

const m = withValues(defineMessages({
  title: { id: 'settings.push.title', defaultMessage: 'Notifications on this device', description: 'Heading of the push notifications section (Notifications tab).' },
  intro: {
    id: 'settings.push.intro', defaultMessage: 'Pushes say who and where, never what was written. Which kinds are pushed is chosen in the table below.',
    description: 'What a push notification says, and where to choose which are pushed.',
  },
  unsupported: { id: 'settings.push.unsupported', defaultMessage: 'This browser cannot receive push notifications.', description: 'The browser has no push support.' },
  turnOn: { id: 'settings.push.turnOn', defaultMessage: 'Turn on notifications on this device', description: 'Button subscribing this browser to push notifications (asks the browser\'s permission).' },
  test: { id: 'settings.push.test', defaultMessage: 'Send a test notification', description: 'Button sending a test push to every device of the member.' },
  sent: {
    id: 'settings.push.sent', defaultMessage: '{count, plural, one {Sent to # device.} other {Sent to # devices.}}',
    description: 'The test notification was sent to this many devices.',
  },
  loadFailed: { id: 'settings.push.loadFailed', defaultMessage: 'Could not load your devices. Please try again.', description: 'The list of devices could not be read.' },
  devices: { id: 'settings.push.devices', defaultMessage: 'Devices that receive notifications', description: 'Accessible name of the list of subscribed devices.' },
  thisDevice: { id: 'settings.push.thisDevice', defaultMessage: '{name} (this device)', description: 'A subscribed device\'s name, when it is the one in use.' },
  removeName: { id: 'settings.push.removeName', defaultMessage: 'Remove {name}', description: 'Accessible name of the remove button of the device {name}.' },
  remove: { id: 'settings.push.remove', defaultMessage: 'Remove', description: 'Button: stop pushing to a device.' },
  blocked: {
    id: 'settings.push.blocked', defaultMessage: 'Notifications are blocked for this site. You can allow them in your browser\'s site settings.',
    description: 'The browser refused the permission to show notifications.',
  },
  deviceOn: { id: 'settings.push.deviceOn', defaultMessage: '{browser} on {system}', description: 'The name a device is saved under when notifications are turned on: a browser and its system, such as "Chrome on Android" (product names, not translated).' },
  browser: { id: 'settings.push.browser', defaultMessage: 'Browser', description: 'The name a device is saved under when its browser is not known.' },
  notReady: {
    id: 'settings.push.notReady', defaultMessage: 'The app is still installing. Please try again in a moment.',
    description: 'Pushes could not be turned on yet: the app\'s service worker is not ready.',
  },
}));

/** "Chrome on Android" in the member's language (« Chrome sur Android »): the name this device is saved under, theirs to read. */
function deviceName(intl: IntlShape): string {
  const { browser, system } = guessDevice();
  const named = browser ?? intl.formatMessage(m.browser);
  return system ? intl.formatMessage(m.deviceOn, { browser: named, system }) : named;
}

/** /settings/notifications: turning pushes on for this browser (the permission is asked only on the click), a test, the devices. */
export function PushDevices() {
  const intl = useIntl();
  const t = intl.formatMessage;
  const client = useQueryClient();
  const devices = useQuery({ queryKey: devicesKey, queryFn: ({ signal }) => api<Devices>('/api/users/me/push-subscriptions', { signal }) });
  const [mine, setMine] = useState(thisDeviceId);
  const refresh = () => client.invalidateQueries({ queryKey: devicesKey });
  const turnOn = useMutation({ mutationFn: () => enablePush(deviceName(intl)), onSuccess: (d) => { setMine(d._id); void refresh(); } });
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
          <Title order={2} size="h4" id="push-devices-title">{t(m.title)}</Title>
          <Text size="sm" c="dimmed">{t(m.intro)}</Text>
        </div>
        {!pushSupported() ? <Text size="sm">{t(m.unsupported)}</Text> : (
          <Group gap="sm">
            {!subscribedHere && <Button onClick={() => turnOn.mutate()} loading={turnOn.isPending}>{t(m.turnOn)}</Button>}
            <Button variant="default" onClick={() => test.mutate()} loading={test.isPending} disabled={list.length === 0}>{t(m.test)}</Button>
          </Group>
        )}
        {turnOn.isError && (
          <Alert color="red" role="alert">{turnOn.error instanceof PushSetupError ? t(m[turnOn.error.reason]) : turnOn.error.message}</Alert>
        )}
        {test.isSuccess && <Text size="sm" role="status">{t(m.sent, { count: test.data.sent })}</Text>}
        {devices.isError && <Alert color="red" role="alert">{t(m.loadFailed)}</Alert>}
        {list.length > 0 && (
          <List listStyleType="none" spacing="xs" aria-label={t(m.devices)}>
            {list.map((d) => (
              <List.Item key={d._id}>
                <Group gap="sm" wrap="nowrap">
                  <Text size="sm">{d._id === mine ? t(m.thisDevice, { name: <span translate="no">{d.deviceName}</span> }) : <span translate="no">{d.deviceName}</span>}</Text>
                  <Button size="compact-xs" variant="subtle" color="red" aria-label={t(m.removeName, { name: d.deviceName })}
                    onClick={() => remove.mutate(d._id)}>{t(m.remove)}</Button>
                </Group>
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
    </Paper>
  );
}
