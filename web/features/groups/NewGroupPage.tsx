import { Alert, Anchor, Button, Container, MultiSelect, NumberInput, Paper, Select, SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import { WEEKDAY_NAMES, type CreateGroupInput } from '../../../common/groups.ts';
import { MODALITIES, SPECIALTIES } from '../../../common/options.ts';
import { withValues } from '../../lib/messages.ts';
import { useTimeZoneChoices } from '../../lib/time-zone-names.ts';
import { useOptionLabels } from '../../lib/option-labels.ts';
import { useScreen } from '../../lib/useScreen.ts';
import { groupCalls, useGroupWrite } from './api.ts';
import { groupWords } from './words.ts';

const m = withValues(defineMessages({
  title: { id: 'groups.new.title', defaultMessage: 'New group', description: 'Heading and tab title of the form that starts a consultation group' },
  name: { id: 'groups.new.name', defaultMessage: 'Name', description: 'Label of the group\'s name' },
  description: { id: 'groups.new.description', defaultMessage: 'Description', description: 'Label of the group\'s description' },
  visibility: { id: 'groups.new.visibility', defaultMessage: 'Visibility', description: 'Label of the choice between a private and a listed group' },
  private: { id: 'groups.new.private', defaultMessage: 'Private (by invitation)', description: 'Visibility choice: members join only when the facilitator invites them' },
  listed: { id: 'groups.new.listed', defaultMessage: 'Listed (others can ask to join)', description: 'Visibility choice: the group shows in "Find a group"' },
  maxMembers: { id: 'groups.new.maxMembers', defaultMessage: 'Maximum members', description: 'Label of the most members the group takes (3 to 12)' },
  specialties: { id: 'groups.new.specialties', defaultMessage: 'Specialties', description: 'Label of the specialties the group focuses on' },
  modalities: { id: 'groups.new.modalities', defaultMessage: 'Modalities', description: 'Label of the modalities the group focuses on' },
  frequency: { id: 'groups.new.frequency', defaultMessage: 'How often', description: 'Label of how often the group meets' },
  weekly: { id: 'groups.new.weekly', defaultMessage: 'Every week', description: 'Meeting frequency' },
  biweekly: { id: 'groups.new.biweekly', defaultMessage: 'Every second week', description: 'Meeting frequency' },
  monthly: { id: 'groups.new.monthly', defaultMessage: 'Every month', description: 'Meeting frequency' },
  day: { id: 'groups.new.day', defaultMessage: 'Day', description: 'Label of the weekday the group meets on' },
  time: { id: 'groups.new.time', defaultMessage: 'Time', description: 'Label of the time of day the group meets, in its time zone' },
  timeZone: { id: 'groups.new.timeZone', defaultMessage: 'Time zone', description: 'Label of the group\'s time zone (an IANA name such as America/Toronto)' },
  noTimeZone: { id: 'groups.new.noTimeZone', defaultMessage: 'No such time zone', description: 'The time zone search found nothing.' },
  duration: { id: 'groups.new.duration', defaultMessage: 'Length in minutes', description: 'Label of how long a meeting lasts' },
  startsOn: { id: 'groups.new.startsOn', defaultMessage: 'First meeting on or after', description: 'Label of the date from which meetings are scheduled' },
  link: { id: 'groups.new.link', defaultMessage: 'Meeting link', description: 'Label of the video meeting link' },
  linkHint: { id: 'groups.new.linkHint', defaultMessage: 'An https:// video link', description: 'Hint under the meeting link field' },
  create: { id: 'groups.new.create', defaultMessage: 'Create group', description: 'Button: create the group' },
}));

// A Sunday: the weekdays' names are read from the seven days that follow it.
const A_SUNDAY = Date.UTC(2026, 0, 4);

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
const today = () => new Date().toISOString().slice(0, 10);

/** /groups/new: a group's name, who it is for, its schedule in its own time zone, and its meeting link. */
export default function NewGroupPage() {
  const intl = useIntl();
  const labels = useOptionLabels();
  const heading = useScreen(intl.formatMessage(m.title));
  // The stored value is the English name; the reader sees the day in their language.
  const weekdays = useMemo(() => WEEKDAY_NAMES.map((value, i) => (
    { value, label: intl.formatDate(A_SUNDAY + i * 86_400_000, { weekday: 'long', timeZone: 'UTC' }) })), [intl]);
  const t = (message: keyof typeof m) => intl.formatMessage(m[message]);
  const navigate = useNavigate();
  const create = useGroupWrite(groupCalls.create);
  const [form, setForm] = useState({
    name: '', description: '', visibility: 'private' as 'private' | 'listed', maxMembers: 8 as number | string,
    specialties: [] as string[], modalities: [] as string[], frequency: 'biweekly' as 'weekly' | 'biweekly' | 'monthly',
    weekday: 'Tuesday', time: '19:00', timeZone: browserZone(), durationMinutes: 90 as number | string, startsOn: today(), meetingLink: '',
  });
  const zones = useTimeZoneChoices(form.timeZone);
  const set = <K extends keyof typeof form>(key: K) => (value: (typeof form)[K] | null) => setForm((f) => ({ ...f, [key]: value ?? f[key] }));
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const body: CreateGroupInput = {
      name: form.name, description: form.description, visibility: form.visibility, maxMembers: Number(form.maxMembers),
      focus: { specialties: form.specialties, modalities: form.modalities }, meetingLink: form.meetingLink.trim(),
      schedule: {
        frequency: form.frequency, weekday: form.weekday, time: form.time, timeZone: form.timeZone,
        durationMinutes: Number(form.durationMinutes), startsOn: form.startsOn,
      },
    };
    create.mutate(body, { onSuccess: (group) => { void navigate(`/groups/${group._id}`); } });
  };
  return (
    <Container size="sm" px={0}>
      <Anchor component={Link} to="/groups" size="sm">{intl.formatMessage(groupWords.back)}</Anchor>
      <Title order={1} size="h2" ref={heading} tabIndex={-1} my="sm">{t('title')}</Title>
      <Paper withBorder p="md" component="form" onSubmit={submit}>
        <Stack gap="sm">
          <TextInput label={t('name')} required value={form.name} onChange={(e) => set('name')(e.currentTarget.value)} />
          <Textarea label={t('description')} autosize minRows={2} value={form.description} onChange={(e) => set('description')(e.currentTarget.value)} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select label={t('visibility')} data={[{ value: 'private', label: t('private') }, { value: 'listed', label: t('listed') }]}
              value={form.visibility} onChange={(v) => set('visibility')(v as 'private' | 'listed')} allowDeselect={false} />
            <NumberInput label={t('maxMembers')} min={3} max={12} value={form.maxMembers} onChange={set('maxMembers')} />
          </SimpleGrid>
          <MultiSelect label={t('specialties')} data={labels.choices(SPECIALTIES, labels.specialty, { alphabetical: true })} value={form.specialties} onChange={set('specialties')} searchable maxValues={10} />
          <MultiSelect label={t('modalities')} data={labels.choices(MODALITIES, labels.modality, { alphabetical: true })} value={form.modalities} onChange={set('modalities')} searchable maxValues={10} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select label={t('frequency')} data={[{ value: 'weekly', label: t('weekly') }, { value: 'biweekly', label: t('biweekly') }, { value: 'monthly', label: t('monthly') }]}
              value={form.frequency} onChange={(v) => set('frequency')(v as typeof form.frequency)} allowDeselect={false} />
            <Select label={t('day')} data={weekdays} value={form.weekday} onChange={set('weekday')} allowDeselect={false} />
            <TextInput label={t('time')} type="time" required value={form.time} onChange={(e) => set('time')(e.currentTarget.value)} />
            <Select label={t('timeZone')} required searchable data={zones} value={form.timeZone} allowDeselect={false} maxDropdownHeight={260}
              onChange={(v) => { if (v) set('timeZone')(v); }} nothingFoundMessage={t('noTimeZone')} />
            <NumberInput label={t('duration')} min={15} max={480} step={15} value={form.durationMinutes} onChange={set('durationMinutes')} />
            <TextInput label={t('startsOn')} type="date" required value={form.startsOn} onChange={(e) => set('startsOn')(e.currentTarget.value)} />
          </SimpleGrid>
          <TextInput label={t('link')} description={t('linkHint')} type="url" value={form.meetingLink} onChange={(e) => set('meetingLink')(e.currentTarget.value)} />
          {create.isError && <Alert color="red" role="alert">{create.error.message}</Alert>}
          <Button type="submit" loading={create.isPending}>{t('create')}</Button>
        </Stack>
      </Paper>
    </Container>
  );
}
