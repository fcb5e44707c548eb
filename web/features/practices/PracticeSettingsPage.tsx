import { Alert, Anchor, Button, Container, Group, Paper, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { withValues } from '../../lib/messages.ts';
import { Link, useParams } from 'react-router';
import type { Practice } from '../../../common/practices.ts';
import { PageLoader } from '../../components/PageLoader.tsx';
import { useSubmit } from '../../lib/useSubmit.ts';
import { useChangeRole, useHandOver, useInvite, usePractice, usePracticeInvitations, useRemoveMember, useTherapistSearch } from './api.ts';
import { useScreen } from '../../lib/useScreen.ts';
import { LogoUpload } from './LogoUpload.tsx';
import { ROLE_MESSAGES } from './roles.ts';
import { DOT } from '../../lib/punctuation.ts';

const m = withValues(defineMessages({
  screenTitle: { id: 'practices.settings.screenTitle', defaultMessage: 'Settings · {practice}', description: 'Browser tab title of a practice\'s settings; {practice} is its name.' },
  back: { id: 'practices.settings.back', defaultMessage: 'Back to the practice', description: 'Link back to the practice\'s page.' },
  loading: { id: 'practices.settings.loading', defaultMessage: 'Loading practice...', description: 'While the practice\'s settings load.' },
  title: { id: 'practices.settings.title', defaultMessage: 'Practice settings', description: 'Heading of the practice\'s settings.' },
  memberFailed: { id: 'practices.settings.memberFailed', defaultMessage: 'Failed to change the member.', description: 'Changing a member\'s role, removing them or handing over ownership failed and the server gave no reason.' },
  members: { id: 'practices.settings.members', defaultMessage: 'Members', description: 'Heading of the practice\'s members table.' },
  name: { id: 'practices.settings.name', defaultMessage: 'Name', description: 'Column heading of the members table: the member\'s name.' },
  role: { id: 'practices.settings.role', defaultMessage: 'Role', description: 'Column heading of the members table, and label of the role given with an invitation.' },
  actions: { id: 'practices.settings.actions', defaultMessage: 'Actions', description: 'Column heading of the members table: what can be done to the member.' },
  roleOf: { id: 'practices.settings.roleOf', defaultMessage: 'Role of {name}', description: 'Accessible name of the choice of a member\'s role.' },
  remove: { id: 'practices.settings.remove', defaultMessage: 'Remove', description: 'Button: remove the member from the practice.' },
  handOver: { id: 'practices.settings.handOver', defaultMessage: 'Hand over ownership', description: 'Button: make this member the practice\'s owner.' },
  inviteFailed: { id: 'practices.settings.inviteFailed', defaultMessage: 'Failed to send the invitation.', description: 'The invitation could not be sent and the server gave no reason.' },
  invite: { id: 'practices.settings.invite', defaultMessage: 'Invite a colleague', description: 'Heading of the part inviting a therapist to join the practice.' },
  search: { id: 'practices.settings.search', defaultMessage: 'Search therapists by name', description: 'Label of the search for a therapist to invite.' },
  inviteName: { id: 'practices.settings.inviteName', defaultMessage: 'Invite {name}', description: 'Button: invite this therapist with the chosen role.' },
  waiting: { id: 'practices.settings.waiting', defaultMessage: 'Waiting for an answer', description: 'Heading of the invitations sent and not yet answered.' },
  none: { id: 'practices.settings.noInvitations', defaultMessage: 'No invitations waiting.', description: 'No invitation sent by the practice waits for an answer.' },
}));

const GIVEN = ['admin', 'clinician', 'intake'] as const;

/** /practices/{slug}/settings: members and their roles, invitations, handing over ownership (owner and admins). */
export default function PracticeSettingsPage() {
  const { slug = '' } = useParams();
  const intl = useIntl();
  const practice = usePractice(slug);
  const heading = useScreen(practice.data ? intl.formatMessage(m.screenTitle, { practice: practice.data.name }) : null);
  return (
    <Container size="md" px={0}>
      <Anchor component={Link} to={`/practices/${slug}`} size="sm">{intl.formatMessage(m.back)}</Anchor>
      {practice.isPending && <PageLoader label={intl.formatMessage(m.loading)} />}
      {practice.isError && <Alert color="red" role="alert" mt="md">{practice.error.message}</Alert>}
      {practice.data && (
        <Stack gap="md" mt="sm">
          <Title order={1} size="h2" ref={heading} tabIndex={-1}>{intl.formatMessage(m.title)}</Title>
          <LogoUpload practice={practice.data} />
          <Members practice={practice.data} />
          <Invite practice={practice.data} />
        </Stack>
      )}
    </Container>
  );
}

function Members({ practice: p }: { practice: Practice }) {
  const intl = useIntl();
  const given = GIVEN.map((role) => ({ value: role, label: intl.formatMessage(ROLE_MESSAGES[role]) }));
  const change = useChangeRole(p._id);
  const remove = useRemoveMember(p._id);
  const handOver = useHandOver(p._id);
  const { busy, message, submit } = useSubmit(intl.formatMessage(m.memberFailed));
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="members-title">
      <Title order={2} size="h4" id="members-title" mb="sm">{intl.formatMessage(m.members)}</Title>
      {/* Wider than a phone: a native scroller that the keyboard can reach (axe: scrollable-region-focusable). */}
      <Table.ScrollContainer minWidth={480} type="native" tabIndex={0} role="region" aria-labelledby="members-title">
        <Table>
          <Table.Thead><Table.Tr><Table.Th>{intl.formatMessage(m.name)}</Table.Th><Table.Th>{intl.formatMessage(m.role)}</Table.Th><Table.Th>{intl.formatMessage(m.actions)}</Table.Th></Table.Tr></Table.Thead>
          <Table.Tbody>
            {p.members.map((mb) => (
              <Table.Tr key={mb._id}>
                <Table.Td>{mb.name}</Table.Td>
                <Table.Td>
                  {mb.role === 'owner' ? intl.formatMessage(ROLE_MESSAGES.owner) : (
                    <Select aria-label={intl.formatMessage(m.roleOf, { name: mb.name })} data={given} value={mb.role} disabled={busy} allowDeselect={false}
                      onChange={(role) => role && submit(async () => { await change.mutateAsync({ userId: mb._id, role }); })()} />
                  )}
                </Table.Td>
                <Table.Td>
                  {mb.role !== 'owner' && (
                    <Group gap="xs">
                      <Button size="xs" variant="default" disabled={busy} onClick={submit(async () => { await remove.mutateAsync(mb._id); })}>{intl.formatMessage(m.remove)}</Button>
                      {p.myRole === 'owner' && (
                        <Button size="xs" variant="subtle" disabled={busy} onClick={submit(async () => { await handOver.mutateAsync(mb._id); })}>{intl.formatMessage(m.handOver)}</Button>
                      )}
                    </Group>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {message && <Alert color="red" role="alert" mt="sm">{message}</Alert>}
    </Paper>
  );
}

function Invite({ practice: p }: { practice: Practice }) {
  const intl = useIntl();
  const given = GIVEN.map((role) => ({ value: role, label: intl.formatMessage(ROLE_MESSAGES[role]) }));
  const [search, setSearch] = useState('');
  const [role, setRole] = useState<string>('clinician');
  const [debounced] = useDebouncedValue(search, 300);
  const found = useTherapistSearch(debounced);
  const pending = usePracticeInvitations(p._id, true);
  const invite = useInvite(p._id);
  const { busy, message, submit } = useSubmit(intl.formatMessage(m.inviteFailed));
  const memberIds = new Set(p.members.map((mb) => mb._id));
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="invite-title">
      <Title order={2} size="h4" id="invite-title" mb="sm">{intl.formatMessage(m.invite)}</Title>
      <Group align="flex-end" gap="sm">
        <TextInput label={intl.formatMessage(m.search)} value={search} onChange={(e) => setSearch(e.currentTarget.value)} style={{ flex: '1 1 14rem' }} />
        <Select label={intl.formatMessage(m.role)} data={given} value={role} onChange={(r) => r && setRole(r)} allowDeselect={false} style={{ flex: '0 1 10rem' }} />
      </Group>
      <Stack gap="xs" mt="sm">
        {(found.data ?? []).filter((u) => !memberIds.has(u._id)).map((u) => (
          <Group key={u._id} justify="space-between" wrap="nowrap">
            <Text size="sm">{u.name} <Text span c="dimmed">{u.profession}</Text></Text>
            <Button size="xs" disabled={busy} onClick={submit(async () => { await invite.mutateAsync({ userId: u._id, role }); setSearch(''); })}>
              {intl.formatMessage(m.inviteName, { name: u.name })}
            </Button>
          </Group>
        ))}
      </Stack>
      {message && <Alert color="red" role="alert" mt="sm">{message}</Alert>}
      <Title order={3} size="h5" mt="md" mb="xs">{intl.formatMessage(m.waiting)}</Title>
      {pending.data?.length ? pending.data.map((i) => <Text key={i._id} size="sm">{i.user.name}{DOT}{intl.formatMessage(ROLE_MESSAGES[i.role])}</Text>)
        : <Text size="sm" c="dimmed">{intl.formatMessage(m.none)}</Text>}
    </Paper>
  );
}
