import { Alert, Button, Group, NativeSelect, Paper, Select, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import {
  DEFAULT_TIME_ZONE, EMAIL_MODE_LABELS, EMAIL_MODES, EMAIL_ONLY_KEYS, PREFERENCE_KEYS, PREFERENCE_LABELS,
  type EmailMode, type NotificationPreferences, type PreferenceKey, type TypePreference,
} from '../../../common/notifications.ts';
import { useNotificationPreferences, useSaveNotificationPreferences } from './api.ts';
import { browserTimeZone, timeZoneOptions } from './timeZones.ts';

const EMAIL_OPTIONS = EMAIL_MODES.map((mode) => ({ value: mode, label: EMAIL_MODE_LABELS[mode] }));
// Wide enough for the longest option ("Daily digest") beside the chevron: on a phone the table otherwise squeezed the
// Email column until "Immediately" was cut. In em of the select's own text, so it follows the font size;
// e2e/notifications.spec.ts measures every option against it at both widths.
const FITS_EVERY_OPTION = { input: { minWidth: '10.5em' } };

/** A member who never chose a zone is offered the browser's own, kept once saved. */
function offeredTimeZone(saved: string | null): string {
  return saved ?? browserTimeZone() ?? DEFAULT_TIME_ZONE;
}

/** /settings/notifications: per type, in the app (on or off) and email (off, immediately, daily); and the time zone. */
export function NotificationsPanel() {
  const preferences = useNotificationPreferences();
  if (preferences.isPending) return <Text role="status">Loading notification settings...</Text>;
  if (preferences.isError) return <Alert color="red" role="alert">Could not load your notification settings. Please try again.</Alert>;
  return <PreferencesForm saved={preferences.data} />;
}

function PreferencesForm({ saved }: { saved: NotificationPreferences }) {
  const save = useSaveNotificationPreferences();
  const [types, setTypes] = useState<Partial<Record<PreferenceKey, TypePreference>>>({});
  const [timeZone, setTimeZone] = useState(() => offeredTimeZone(saved.timeZone));
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
          <Title order={2} size="h4" id="notification-settings-title">Notifications</Title>
          <Text size="sm" c="dimmed">
            What shows under the bell, and what is emailed when you have not seen it within 10 minutes. Emails say who
            and where, never what was written.
          </Text>
        </div>
        <Table.ScrollContainer minWidth={320}>
          <Table verticalSpacing="xs" horizontalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Notification</Table.Th>
                <Table.Th scope="col">In the app</Table.Th>
                <Table.Th scope="col">Email</Table.Th>
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
          label="Time zone" description="The daily digest leaves at 08:00 in this time zone." searchable
          data={timeZoneOptions(timeZone)} value={timeZone} allowDeselect={false} maxDropdownHeight={260}
          onChange={(value) => { if (value) { save.reset(); setTimeZone(value); } }}
          nothingFoundMessage="No such time zone" comboboxProps={{ withinPortal: true }}
        />
        <Group justify="flex-end" gap="sm">
          {save.isSuccess && <Text size="sm" role="status">Saved.</Text>}
          <Button type="submit" loading={save.isPending}>Save notification settings</Button>
        </Group>
        {save.isError && <Alert color="red" role="alert">{save.error.message || 'Could not save. Please try again.'}</Alert>}
      </Stack>
    </Paper>
  );
}

type RowProps = { name: PreferenceKey; value: TypePreference; onChange: (edit: Partial<TypePreference>) => void };

function PreferenceRow({ name, value, onChange }: RowProps) {
  const label = PREFERENCE_LABELS[name];
  const emailOnly = EMAIL_ONLY_KEYS.includes(name);
  return (
    <Table.Tr>
      <Table.Th scope="row" fw={400}>{label}</Table.Th>
      <Table.Td>
        {emailOnly ? <Text size="sm" c="dimmed">In Chat</Text> : (
          <Switch aria-label={`In the app: ${label}`} checked={value.inApp}
            onChange={(e) => onChange({ inApp: e.currentTarget.checked })} />
        )}
      </Table.Td>
      <Table.Td>
        <NativeSelect aria-label={`Email: ${label}`} size="xs" data={EMAIL_OPTIONS} value={value.email} styles={FITS_EVERY_OPTION}
          onChange={(e) => onChange({ email: e.currentTarget.value as EmailMode })} />
      </Table.Td>
    </Table.Tr>
  );
}
