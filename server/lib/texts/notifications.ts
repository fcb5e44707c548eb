// Notifications and push devices: the server's answers as catalogue messages (docs/decisions/0275).
import { defineMessages } from '@formatjs/intl';

export const SERVER_NOTIFICATIONS = defineMessages({
  deviceRemoved: { id: 'server.notifications.deviceRemoved', defaultMessage: 'Device removed.', description: 'Confirmation: a device will no longer receive push notifications.' },
});
