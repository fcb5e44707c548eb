import { Anchor, Box, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { AuditEntry } from '../../../common/audit.ts';
import { PageLoader } from '../../components/PageLoader.tsx';
import { PagePagination } from '../../components/PagePagination.tsx';
import { timeAgo } from '../../lib/time.ts';
import { AdminNav } from './AdminNav.tsx';
import { useAuditLog } from './api.ts';

const ACTIONS: Record<string, string> = {
  'resource.approve': 'Approved resource',
  'resource.decline': 'Declined resource',
  'resource.delete': 'Deleted resource',
  'community.delete': 'Deleted community',
  'comments.bulk_delete': 'Deleted comments',
  'post.edit': 'Edited a member\'s post',
  'comment.edit': 'Edited a member\'s comment',
  'post.remove': 'Removed a post',
  'comment.remove': 'Removed a comment',
  'licence.verify': 'Verified licence',
  'licence.reject': 'Rejected licence',
  'user.disable': 'Disabled account',
  'user.two_factor_reset': 'Reset two-factor sign-in',
  'user.enable': 'Enabled account',
  'report.dismiss': 'Dismissed reports',
  'report.remove': 'Removed reported content',
  'report.warn': 'Warned an author',
  'report.suspend': 'Suspended an account',
};

/** What the entry was about, in words (a title, a name, a count of comments), never a bare id. */
function describeTarget(entry: AuditEntry): string {
  const { count } = entry.detail as { count?: unknown };
  if (typeof count === 'number') return `${count} comment${count === 1 ? '' : 's'}${entry.targetName ? ` on ${entry.targetName}` : ''}`;
  if (entry.targetName) return entry.targetName;
  // Its subject is gone (a deleted post or account) and the entry recorded no name for it.
  return `A ${TARGET_WORDS[entry.targetType] ?? 'target'} that no longer exists`;
}

const TARGET_WORDS: Record<string, string> = {
  post: 'post', comment: 'comment', user: 'member', resource: 'resource', community: 'community', message: 'message',
};

/** The target in words, linked to where it is shown now when it still is. */
function Target({ entry }: { entry: AuditEntry }) {
  const text = describeTarget(entry);
  if (!entry.targetLink) return <>{text}</>;
  return <Anchor component={Link} to={entry.targetLink} underline="always">{text}</Anchor>;
}

const When = ({ at }: { at: string }) => <time dateTime={at} title={new Date(at).toLocaleString()}>{timeAgo(at)}</time>;

/** Every administrator action: who, what, which target, when; newest first. */
export default function AuditPage() {
  const [page, setPage] = useState(1);
  const { data, isPending, isError } = useAuditLog(page);

  return (
    <Stack gap="md">
      <AdminNav />
      <div>
        <Title order={1}>Audit log</Title>
        <Text c="dimmed">Every administrator action, newest first.</Text>
      </div>
      {isPending ? <PageLoader label="Loading audit log..." /> : isError ? (
        <Text role="alert">Failed to fetch the audit log.</Text>
      ) : !data.entries.length ? <Text>No administrator actions yet.</Text> : (
        <>
          {/* A table from the small breakpoint up; on a phone each entry is a short block instead of four squeezed columns. */}
          <Table striped verticalSpacing="sm" visibleFrom="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">When</Table.Th>
                <Table.Th scope="col">Who</Table.Th>
                <Table.Th scope="col">What</Table.Th>
                <Table.Th scope="col">Target</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.entries.map((entry) => (
                <Table.Tr key={entry._id}>
                  <Table.Td>
                    <When at={entry.createdAt} />
                  </Table.Td>
                  <Table.Td>{entry.actor?.name ?? 'Unknown'}</Table.Td>
                  <Table.Td>{ACTIONS[entry.action] ?? entry.action}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}><Target entry={entry} /></Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Stack gap={0} hiddenFrom="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Audit log entries">
            {data.entries.map((entry) => (
              <Box component="li" key={entry._id} py="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
                <Text fw={600}>{ACTIONS[entry.action] ?? entry.action}: <span style={{ overflowWrap: 'anywhere' }}><Target entry={entry} /></span></Text>
                <Text size="sm" c="dimmed">{entry.actor?.name ?? 'Unknown'}, <When at={entry.createdAt} /></Text>
              </Box>
            ))}
          </Stack>
        </>
      )}
      {data && <PagePagination total={data.totalPages} value={page} onChange={setPage} />}
    </Stack>
  );
}
