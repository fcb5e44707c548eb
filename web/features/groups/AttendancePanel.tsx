import { Alert, Button, Checkbox, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { GroupDetail } from '../../../common/groups.ts';
import { useSession } from '../../lib/session.tsx';
import { groupCalls, meetingTime, useAttendance, useGroupWrite, usePastMeetings } from './api.ts';

/** Attendance of the meetings of the last 90 days: the facilitator records it; each member confirms their own line. */
export function AttendancePanel({ group: g }: { group: GroupDetail }) {
  const past = usePastMeetings(g._id, true);
  // "Past" as of when the panel opened: a meeting ending while it is open shows at the next visit.
  const [openedAt] = useState(() => Date.now());
  const ended = (past.data?.meetings ?? []).filter((m) => m.status !== 'cancelled' && Date.parse(m.endsAt) <= openedAt).reverse();
  const [meetingId, setMeetingId] = useState<string | null>(null);
  const chosen = meetingId ?? ended[0]?._id ?? null;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="attendance">
      <Title order={2} size="h3" id="attendance">Attendance</Title>
      {past.isPending && <Text c="dimmed" size="sm">Loading meetings...</Text>}
      {past.data && !ended.length && <Text c="dimmed" mt={4}>No past meeting yet.</Text>}
      {!!ended.length && (
        <Select label="Meeting" mt="xs" data={ended.map((m) => ({ value: m._id, label: meetingTime(m.startsAt) }))} value={chosen}
          onChange={setMeetingId} allowDeselect={false} />
      )}
      {chosen && <MeetingAttendance key={chosen} group={g} meetingId={chosen} />}
    </Paper>
  );
}

function MeetingAttendance({ group: g, meetingId }: { group: GroupDetail; meetingId: string }) {
  const me = useSession().user?._id;
  const attendance = useAttendance(g._id, meetingId);
  const record = useGroupWrite(groupCalls.attendance);
  const confirmLine = useGroupWrite(groupCalls.confirm);
  const recorded = attendance.data?.lines;
  // What was recorded, until the facilitator changes it.
  const [changed, setPicked] = useState<string[] | null>(null);
  const picked = changed ?? recorded?.map((l) => l.user._id) ?? [];
  const mine = recorded?.find((l) => l.user._id === me);
  const error = record.error ?? confirmLine.error;
  if (g.myRole === 'facilitator') {
    return (
      <Stack gap={6} mt="sm">
        <Checkbox.Group label="Who attended" value={picked} onChange={setPicked}>
          <Stack gap={4} mt={4}>
            {g.members?.map((m) => <Checkbox key={m._id} value={m._id} label={m.name} />)}
          </Stack>
        </Checkbox.Group>
        <Button size="xs" w="fit-content" loading={record.isPending}
          onClick={() => record.mutate({ id: g._id, meetingId, attendedUserIds: picked }, { onSuccess: () => void attendance.refetch() })}>Save attendance</Button>
        {record.isSuccess && <Text size="sm" role="status">Attendance saved.</Text>}
        {error && <Alert color="red" role="alert">{error.message}</Alert>}
      </Stack>
    );
  }
  return (
    <Stack gap={6} mt="sm">
      <Text size="sm">{recorded?.length ? `Attended: ${recorded.map((l) => l.user.name).join(', ')}` : 'Attendance not recorded yet.'}</Text>
      {mine && (mine.confirmedAt
        ? <Text size="sm" c="dimmed">You confirmed your attendance.</Text>
        : <Button size="xs" w="fit-content" onClick={() => confirmLine.mutate({ id: g._id, meetingId }, { onSuccess: () => void attendance.refetch() })}>Confirm my attendance</Button>)}
      {error && <Alert color="red" role="alert">{error.message}</Alert>}
    </Stack>
  );
}
