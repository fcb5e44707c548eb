import { Alert, Button, Checkbox, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import type { GroupDetail } from '../../../common/groups.ts';
import { withValues } from '../../lib/messages.ts';
import { useSession } from '../../lib/session.tsx';
import { groupCalls, useAttendance, useGroupWrite, usePastMeetings } from './api.ts';
import { useMeetingTime } from './words.ts';

const m = withValues(defineMessages({
  title: { id: 'groups.attendance.title', defaultMessage: 'Attendance', description: 'Heading of the attendance of the group\'s past meetings' },
  loading: { id: 'groups.attendance.loading', defaultMessage: 'Loading meetings...', description: 'While the past meetings load' },
  none: { id: 'groups.attendance.none', defaultMessage: 'No past meeting yet.', description: 'The group has not met yet (in the last 90 days)' },
  meeting: { id: 'groups.attendance.meeting', defaultMessage: 'Meeting', description: 'Label of the choice of a past meeting' },
  who: { id: 'groups.attendance.who', defaultMessage: 'Who attended', description: 'Label of the members the facilitator marks as present' },
  save: { id: 'groups.attendance.save', defaultMessage: 'Save attendance', description: 'Button: save who attended the meeting' },
  saved: { id: 'groups.attendance.saved', defaultMessage: 'Attendance saved.', description: 'The attendance was saved' },
  attended: { id: 'groups.attendance.attended', defaultMessage: 'Attended: {names}', description: 'Who attended the meeting; {names} is a list of names' },
  notRecorded: { id: 'groups.attendance.notRecorded', defaultMessage: 'Attendance not recorded yet.', description: 'The facilitator has not recorded the meeting\'s attendance' },
  confirmed: { id: 'groups.attendance.confirmed', defaultMessage: 'You confirmed your attendance.', description: 'The member confirmed they attended' },
  confirm: { id: 'groups.attendance.confirm', defaultMessage: 'Confirm my attendance', description: 'Button: the member confirms they attended (counts toward their consultation hours)' },
}));

/** Attendance of the meetings of the last 90 days: the facilitator records it; each member confirms their own line. */
export function AttendancePanel({ group: g }: { group: GroupDetail }) {
  const intl = useIntl();
  const meetingTime = useMeetingTime(g.schedule.timeZone);
  const past = usePastMeetings(g._id, true);
  // "Past" as of when the panel opened: a meeting ending while it is open shows at the next visit.
  const [openedAt] = useState(() => Date.now());
  const ended = (past.data?.meetings ?? []).filter((meeting) => meeting.status !== 'cancelled' && Date.parse(meeting.endsAt) <= openedAt).reverse();
  const [meetingId, setMeetingId] = useState<string | null>(null);
  const chosen = meetingId ?? ended[0]?._id ?? null;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="attendance">
      <Title order={2} size="h3" id="attendance">{intl.formatMessage(m.title)}</Title>
      {past.isPending && <Text c="dimmed" size="sm">{intl.formatMessage(m.loading)}</Text>}
      {past.data && !ended.length && <Text c="dimmed" mt={4}>{intl.formatMessage(m.none)}</Text>}
      {!!ended.length && (
        <Select label={intl.formatMessage(m.meeting)} mt="xs" data={ended.map((meeting) => ({ value: meeting._id, label: meetingTime(meeting.startsAt) }))} value={chosen}
          onChange={setMeetingId} allowDeselect={false} />
      )}
      {chosen && <MeetingAttendance key={chosen} group={g} meetingId={chosen} />}
    </Paper>
  );
}

function MeetingAttendance({ group: g, meetingId }: { group: GroupDetail; meetingId: string }) {
  const intl = useIntl();
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
        <Checkbox.Group label={intl.formatMessage(m.who)} value={picked} onChange={setPicked}>
          <Stack gap={4} mt={4}>
            {g.members?.map((member) => <Checkbox key={member._id} value={member._id} label={member.name} />)}
          </Stack>
        </Checkbox.Group>
        <Button size="xs" w="fit-content" loading={record.isPending}
          onClick={() => record.mutate({ id: g._id, meetingId, attendedUserIds: picked }, { onSuccess: () => void attendance.refetch() })}>{intl.formatMessage(m.save)}</Button>
        {record.isSuccess && <Text size="sm" role="status">{intl.formatMessage(m.saved)}</Text>}
        {error && <Alert color="red" role="alert">{error.message}</Alert>}
      </Stack>
    );
  }
  return (
    <Stack gap={6} mt="sm">
      <Text size="sm">{recorded?.length
        ? intl.formatMessage(m.attended, { names: intl.formatList(recorded.map((l) => l.user.name), { type: 'unit' }) })
        : intl.formatMessage(m.notRecorded)}</Text>
      {mine && (mine.confirmedAt
        ? <Text size="sm" c="dimmed">{intl.formatMessage(m.confirmed)}</Text>
        : <Button size="xs" w="fit-content" onClick={() => confirmLine.mutate({ id: g._id, meetingId }, { onSuccess: () => void attendance.refetch() })}>{intl.formatMessage(m.confirm)}</Button>)}
      {error && <Alert color="red" role="alert">{error.message}</Alert>}
    </Stack>
  );
}
