import { Alert, Button, Group, NativeSelect, Paper, Select, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import {
  DEFAULT_TIME_ZONE, EMAIL_MODES, EMAIL_ONLY_KEYS, PREFERENCE_KEYS,
  type EmailMode, type NotificationPreferences, type PreferenceKey, type TypePreference,
} from '../../../common/notifications.ts';
import { PREFERENCE_MESSAGES } from '../../../common/i18n/notification-messages.ts';
import { defineMessages, useIntl } from 'react-intl';
import { useNotificationPreferences, useSaveNotificationPreferences } from './api.ts';
import { PushDevices } from './PushDevices.tsx';
import { browserTimeZone } from '../../lib/time-zone.ts';
import { useTimeZoneChoices } from '../../lib/time-zone-names.ts';

// Wide enough for the longest option ("Daily digest", « Résumé quotidien ») beside the chevron: on a phone the table
// otherwise squeezed the Email column until "Immediately" was cut. In em of the select's own text, so it follows the font
// size: 10.5em holds English's 12 letters, and a longer label takes about 0.62em a letter more.
// e2e/notifications.spec.ts (English) and e2e/settings-fr.spec.ts (French) measure every option against it at both widths.
const fitsEveryOption = (labels: string[]) => {
  const longest = Math.max(...labels.map((label) => label.length));
  return { input: { minWidth: `${Math.max(10.5, Math.ceil((3 + longest * 0.62) * 10) / 10)}em` } };
};

const m = defineMessages({
  loading: { id: 'settings.notifications.loading', defaultMessage: 'Loading notification settings...', description: 'While the notification settings load.' },
  loadFailed: {
    id: 'settings.notifications.loadFailed', defaultMessage: 'Could not load your notification settings. Please try again.',
    description: 'The notification settings could not be read.',
  },
  title: { id: 'settings.notifications.title', defaultMessage: 'Notifications', description: 'Heading of the notification preferences table.' },
  intro: {
    id: 'settings.notifications.intro',
    defaultMessage: 'What shows under the bell, what is emailed when you have not seen it within 10 minutes, and what is pushed to your devices. '
      + 'Emails say who and where, never what was written.',
    description: 'What the notification preferences decide.',
  },
  colNotification: { id: 'settings.notifications.colNotification', defaultMessage: 'Notification', description: 'Column header: the kind of notification.' },
  colApp: { id: 'settings.notifications.colApp', defaultMessage: 'In the app', description: 'Column header: shown under the bell.' },
  colEmail: { id: 'settings.notifications.colEmail', defaultMessage: 'Email', description: 'Column header: sent by email (courriel).' },
  colPush: { id: 'settings.notifications.colPush', defaultMessage: 'Push', description: 'Column header: pushed to the member\'s devices.' },
  inChat: { id: 'settings.notifications.inChat', defaultMessage: 'In Chat', description: 'In the "In the app" column for chat messages: they show in the messaging screen.' },
  timeZone: { id: 'settings.notifications.timeZone', defaultMessage: 'Time zone', description: 'Label of the time zone choice.' },
  timeZoneHelp: { id: 'settings.notifications.timeZoneHelp', defaultMessage: 'The daily digest leaves at 08:00 in this time zone.', description: 'Help under the time zone choice.' },
  noTimeZone: { id: 'settings.notifications.noTimeZone', defaultMessage: 'No such time zone', description: 'The time zone search found nothing.' },
  saved: { id: 'settings.saved', defaultMessage: 'Saved.', description: 'A setting was saved.' },
  save: { id: 'settings.notifications.save', defaultMessage: 'Save notification settings', description: 'Button saving the notification preferences.' },
  saveFailed: { id: 'settings.notifications.saveFailed', defaultMessage: 'Could not save. Please try again.', description: 'Saving failed (no server reason).' },
});
/** How each kind is emailed: the choices of the Email column. */
const EMAIL_MODE_MESSAGES = defineMessages({
  off: { id: 'settings.notifications.email.off', defaultMessage: 'Off', description: 'Email choice: never emailed.' },
  immediate: { id: 'settings.notifications.email.immediate', defaultMessage: 'Immediately', description: 'Email choice: emailed soon after (if not seen within 10 minutes).' },
  daily: { id: 'settings.notifications.email.daily', defaultMessage: 'Daily digest', description: 'Email choice: gathered in one email a day.' },
}) satisfies Record<EmailMode, unknown>;
const mv = defineMessages<{ appLabel: { label: string }; emailLabel: { label: string }; pushLabel: { label: string } }>({
  appLabel: { id: 'settings.notifications.appLabel', defaultMessage: 'In the app: {label}', description: 'Accessible name of a switch; {label}: the kind of notification.' },
  emailLabel: { id: 'settings.notifications.emailLabel', defaultMessage: 'Email: {label}', description: 'Accessible name of an email choice; {label}: the kind of notification.' },
  pushLabel: { id: 'settings.notifications.pushLabel', defaultMessage: 'Push: {label}', description: 'Accessible name of a switch; {label}: the kind of notification.' },
});

/** A member who never chose a zone is offered the browser's own, kept once saved. */
function offeredTimeZone(saved: string | null): string {
  return saved ?? browserTimeZone() ?? DEFAULT_TIME_ZONE;
}

/** /settings/notifications: per type, in the app (on or off) and email (off, immediately, daily); and the time zone. */
export function NotificationsPanel() {
  const intl = useIntl();
  const preferences = useNotificationPreferences();
  if (preferences.isPending) return <Text role="status">{intl.formatMessage(m.loading)}</Text>;
  if (preferences.isError) return <Alert color="red" role="alert">{intl.formatMessage(m.loadFailed)}</Alert>;
  return (
    <Stack gap="md">
      <PushDevices />
      <PreferencesForm saved={preferences.data} />
    </Stack>
  );
}

function PreferencesForm({ saved }: { saved: NotificationPreferences }) {
  const intl = useIntl();
  const t = intl.formatMessage;
  const save = useSaveNotificationPreferences();
  const [types, setTypes] = useState<Partial<Record<PreferenceKey, TypePreference>>>({});
  const [timeZone, setTimeZone] = useState(() => offeredTimeZone(saved.timeZone));
  const zones = useTimeZoneChoices(timeZone);
  const shown = (key: PreferenceKey): TypePreference => types[key] ?? saved.types[key];
  const change = (key: PreferenceKey, edit: Partial<TypePreference>) => {
    save.reset();
    setTypes((current) => ({ ...current, [key]: { ...shown(key), ...edit } }));
  };

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const all = Object.fromEntries(PREFERENCE_KEYS.map((key) => [key, shown(key)]));
    save.mutate({ types: all, timeZone }, { onSuccess: () => setTypes({}) });
  };

  return (
    <Paper withBorder p="md" component="form" onSubmit={onSubmit} aria-labelledby="notification-settings-title">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4" id="notification-settings-title">{t(m.title)}</Title>
          <Text size="sm" c="dimmed">{t(m.intro)}</Text>
        </div>
        <Table.ScrollContainer minWidth={320}>
          <Table verticalSpacing="xs" horizontalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t(m.colNotification)}</Table.Th>
                <Table.Th scope="col">{t(m.colApp)}</Table.Th>
                <Table.Th scope="col">{t(m.colEmail)}</Table.Th>
                <Table.Th scope="col">{t(m.colPush)}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {PREFERENCE_KEYS.map((key) => (
                <PreferenceRow key={key} name={key} value={shown(key)} onChange={(edit) => change(key, edit)} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Select
          label={t(m.timeZone)} description={t(m.timeZoneHelp)} searchable
          data={zones} value={timeZone} allowDeselect={false} maxDropdownHeight={260}
          onChange={(value) => { if (value) { save.reset(); setTimeZone(value); } }}
          nothingFoundMessage={t(m.noTimeZone)} comboboxProps={{ withinPortal: true }}
        />
        <Group justify="flex-end" gap="sm">
          {save.isSuccess && <Text size="sm" role="status">{t(m.saved)}</Text>}
          <Button type="submit" loading={save.isPending}>{t(m.save)}</Button>
        </Group>
        {save.isError && <Alert color="red" role="alert">{save.error.message || t(m.saveFailed)}</Alert>}
      </Stack>
    </Paper>
  );
}

type RowProps = { name: PreferenceKey; value: TypePreference; onChange: (edit: Partial<TypePreference>) => void };

function PreferenceRow({ name, value, onChange }: RowProps) {
  const intl = useIntl();
  const label = intl.formatMessage(PREFERENCE_MESSAGES[name]);
  const emailOptions = EMAIL_MODES.map((mode) => ({ value: mode, label: intl.formatMessage(EMAIL_MODE_MESSAGES[mode]) }));
  const emailOnly = EMAIL_ONLY_KEYS.includes(name);
  return (
    <Table.Tr>
      <Table.Th scope="row" fw={400}>{label}</Table.Th>
      <Table.Td>
        {emailOnly ? <Text size="sm" c="dimmed">{intl.formatMessage(m.inChat)}</Text> : (
          <Switch aria-label={intl.formatMessage(mv.appLabel, { label })} checked={value.inApp}
            onChange={(e) => onChange({ inApp: e.currentTarget.checked })} />
        )}
      </Table.Td>
      <Table.Td>
        <NativeSelect aria-label={intl.formatMessage(mv.emailLabel, { label })} size="xs" data={emailOptions} value={value.email} styles={fitsEveryOption(emailOptions.map((o) => o.label))}
          onChange={(e) => onChange({ email: e.currentTarget.value as EmailMode })} />
      </Table.Td>
      <Table.Td>
        <Switch aria-label={intl.formatMessage(mv.pushLabel, { label })} checked={value.push} onChange={(e) => onChange({ push: e.currentTarget.checked })} />
      </Table.Td>
    </Table.Tr>
  );
}
