import { Alert, Button, Group, Paper, Text } from '@mantine/core';
import { useState, useSyncExternalStore } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { applyUpdate, halfWritten, onUpdateWaiting, updateWaiting } from '../lib/service-worker.ts';

const m = defineMessages({
  offlineTitle: { id: 'components.offline.title', defaultMessage: 'You are offline', description: 'Title of the notice shown while the device has no connection.' },
  offline: {
    id: 'components.offline.body',
    defaultMessage: 'You are seeing what this device kept from your last visit. Messages you write wait here and are sent when the connection returns.',
    description: 'Body of the offline notice.',
  },
  held: {
    id: 'components.update.held',
    defaultMessage: 'Send or clear what you are writing first, then reload.',
    description: 'A new version of the app waits, but the member is writing something: they must send or clear it first.',
  },
  ready: { id: 'components.update.ready', defaultMessage: 'A new version is ready.', description: 'A new version of the app can be loaded.' },
  reload: { id: 'components.update.reload', defaultMessage: 'Reload', description: 'Button that loads the new version of the app.' },
});

const onConnectivity = (listener: () => void) => {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
};
// Drawn on the server and on the first render as online: the notice appears after, if the browser says otherwise.
const isOnline = () => navigator.onLine;
const drawnOnline = () => true;

export const useOnline = () => useSyncExternalStore(onConnectivity, isOnline, drawnOnline);

/** "You are offline": what is shown is what this device kept; what is sent waits for the connection. */
export function OfflineNotice() {
  const intl = useIntl();
  if (useOnline()) return null;
  return (
    <Alert color="gray" variant="light" mb="md" role="status" title={intl.formatMessage(m.offlineTitle)}>
      {intl.formatMessage(m.offline)}
    </Alert>
  );
}

/**
 * A new version waits: offered calmly; it never reloads by itself, nor over a half-written message or form. Below the
 * top bar, where it covers no composer or form button.
 */
export function UpdatePrompt() {
  const waiting = useSyncExternalStore(onUpdateWaiting, updateWaiting, () => false);
  const [held, setHeld] = useState(false);
  const intl = useIntl();
  if (!waiting) return null;
  const reload = () => {
    if (halfWritten()) setHeld(true);
    else applyUpdate();
  };
  return (
    <Paper role="status" aria-live="polite" shadow="md" withBorder p="sm" radius="md"
      style={{ position: 'fixed', insetInline: 12, top: 68, zIndex: 400, maxWidth: 420, marginInline: 'auto' }}>
      <Group justify="space-between" gap="sm" wrap="nowrap">
        <Text size="sm">{intl.formatMessage(held ? m.held : m.ready)}</Text>
        <Button size="xs" onClick={reload}>{intl.formatMessage(m.reload)}</Button>
      </Group>
    </Paper>
  );
}
