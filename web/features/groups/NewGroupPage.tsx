import { Alert, Anchor, Button, Container, MultiSelect, NumberInput, Paper, Select, SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { WEEKDAY_NAMES, type CreateGroupInput } from '../../../common/groups.ts';
import { MODALITIES, SPECIALTIES } from '../../../common/options.ts';
import { useScreen } from '../../lib/useScreen.ts';
import { groupCalls, useGroupWrite } from './api.ts';

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
const today = () => new Date().toISOString().slice(0, 10);

/** /groups/new: a group's name, who it is for, its schedule in its own time zone, and its meeting link. */
export default function NewGroupPage() {
  const heading = useScreen('New group');
  const navigate = useNavigate();
  const create = useGroupWrite(groupCalls.create);
  const [form, setForm] = useState({
    name: '', description: '', visibility: 'private' as 'private' | 'listed', maxMembers: 8 as number | string,
    specialties: [] as string[], modalities: [] as string[], frequency: 'biweekly' as 'weekly' | 'biweekly' | 'monthly',
    weekday: 'Tuesday', time: '19:00', timeZone: browserZone(), durationMinutes: 90 as number | string, startsOn: today(), meetingLink: '',
  });
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
      <Anchor component={Link} to="/groups" size="sm">Back to groups</Anchor>
      <Title order={1} size="h2" ref={heading} tabIndex={-1} my="sm">New group</Title>
      <Paper withBorder p="md" component="form" onSubmit={submit}>
        <Stack gap="sm">
          <TextInput label="Name" required value={form.name} onChange={(e) => set('name')(e.currentTarget.value)} />
          <Textarea label="Description" autosize minRows={2} value={form.description} onChange={(e) => set('description')(e.currentTarget.value)} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select label="Visibility" data={[{ value: 'private', label: 'Private (by invitation)' }, { value: 'listed', label: 'Listed (others can ask to join)' }]}
              value={form.visibility} onChange={(v) => set('visibility')(v as 'private' | 'listed')} allowDeselect={false} />
            <NumberInput label="Maximum members" min={3} max={12} value={form.maxMembers} onChange={set('maxMembers')} />
          </SimpleGrid>
          <MultiSelect label="Specialties" data={[...SPECIALTIES]} value={form.specialties} onChange={set('specialties')} searchable maxValues={10} />
          <MultiSelect label="Modalities" data={[...MODALITIES]} value={form.modalities} onChange={set('modalities')} searchable maxValues={10} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select label="How often" data={[{ value: 'weekly', label: 'Every week' }, { value: 'biweekly', label: 'Every second week' }, { value: 'monthly', label: 'Every month' }]}
              value={form.frequency} onChange={(v) => set('frequency')(v as typeof form.frequency)} allowDeselect={false} />
            <Select label="Day" data={WEEKDAY_NAMES} value={form.weekday} onChange={set('weekday')} allowDeselect={false} />
            <TextInput label="Time" type="time" required value={form.time} onChange={(e) => set('time')(e.currentTarget.value)} />
            <TextInput label="Time zone" required value={form.timeZone} onChange={(e) => set('timeZone')(e.currentTarget.value)} />
            <NumberInput label="Length in minutes" min={15} max={480} step={15} value={form.durationMinutes} onChange={set('durationMinutes')} />
            <TextInput label="First meeting on or after" type="date" required value={form.startsOn} onChange={(e) => set('startsOn')(e.currentTarget.value)} />
          </SimpleGrid>
          <TextInput label="Meeting link" description="An https:// video link" type="url" value={form.meetingLink} onChange={(e) => set('meetingLink')(e.currentTarget.value)} />
          {create.isError && <Alert color="red" role="alert">{create.error.message}</Alert>}
          <Button type="submit" loading={create.isPending}>Create group</Button>
        </Stack>
      </Paper>
    </Container>
  );
}
