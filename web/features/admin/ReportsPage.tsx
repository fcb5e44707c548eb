import { Alert, Anchor, Badge, Button, Group, Paper, SegmentedControl, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { REPORT_REASON_LABELS, type ReportAction, type ReportItem } from '../../../common/moderation.ts';
import { PageLoader } from '../../components/PageLoader.tsx';
import { useConfirm } from '../../components/useConfirm.tsx';
import { timeAgo } from '../../lib/time.ts';
import { AdminNav } from './AdminNav.tsx';
import { useReports, useReviewReport } from './reports-api.ts';

const ACTIONS: { action: ReportAction; label: string; color: string; question: string }[] = [
  { action: 'dismiss', label: 'Dismiss', color: 'gray', question: 'Dismiss these reports? The content stays as it is.' },
  { action: 'remove', label: 'Remove content', color: 'red.8', question: 'Remove this content? A note that a moderator removed it takes its place.' },
  { action: 'warn', label: 'Warn author', color: 'dark', question: 'Email the author a warning? They are not told who reported it.' },
  { action: 'suspend', label: 'Suspend account', color: 'red.8', question: "Suspend the author's account? They are signed out everywhere." },
];

const RESOLUTION: Record<ReportAction, string> = {
  dismiss: 'Dismissed', remove: 'Content removed', warn: 'Author warned', suspend: 'Account suspended',
};

/** Reported content for the administrators: each item once, with its reports counted, the content shown in place. */
export default function ReportsPage() {
  const [status, setStatus] = useState<'open' | 'resolved'>('open');
  const { data, isPending, isError, fetchNextPage, hasNextPage, isFetchingNextPage } = useReports(status);
  const items = data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Stack gap="md">
      <AdminNav />
      <div>
        <Title order={1}>Reports</Title>
        <Text c="dimmed">Content members reported, newest report first.</Text>
      </div>
      <SegmentedControl aria-label="Which reports" value={status} onChange={(v) => setStatus(v as 'open' | 'resolved')}
        data={[{ value: 'open', label: 'Open' }, { value: 'resolved', label: 'Reviewed' }]} style={{ alignSelf: 'flex-start' }} />
      {isPending ? <PageLoader label="Loading reports..." /> : isError ? (
        <Alert color="red" role="alert">Failed to fetch reports.</Alert>
      ) : !items.length ? <Text>{status === 'open' ? 'No open reports.' : 'No reviewed reports yet.'}</Text> : (
        <Stack gap="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {items.map((item) => <li key={item._id}><ReportCard item={item} /></li>)}
        </Stack>
      )}
      {hasNextPage && <Button variant="default" loading={isFetchingNextPage} onClick={() => void fetchNextPage()}>Load more</Button>}
    </Stack>
  );
}

function ReportCard({ item }: { item: ReportItem }) {
  const headingId = `report-${item._id}`;
  return (
    <Paper component="article" withBorder p="md" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Title order={2} size="h4" id={headingId}>{item.content.where}</Title>
          <Badge variant="filled" color="red.9">{item.count} {item.count === 1 ? 'report' : 'reports'}</Badge>
        </Group>
        <Group gap={6}>
          {item.reasons.map((r) => (
            <Badge key={r.reason} variant="outline" color="gray.7" c="dark">{REPORT_REASON_LABELS[r.reason]}{r.count > 1 ? ` ×${r.count}` : ''}</Badge>
          ))}
        </Group>
        <Text size="sm" c="dimmed">
          {item.author ? <>By {item.author.name}{item.author.disabled ? ' (suspended)' : ''}</> : 'Author unknown'}
          {' · '}<time dateTime={item.latestAt}>{timeAgo(item.latestAt)}</time>
        </Text>
        <ContentInPlace item={item} />
        {item.details.length > 0 && (
          <Stack gap={4}>
            <Text size="sm" fw={600}>What reporters wrote</Text>
            {item.details.map((d, i) => <Text key={i} size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>“{d}”</Text>)}
          </Stack>
        )}
        {item.status === 'open' ? <ReviewActions item={item} /> : (
          <Text size="sm"><strong>{item.resolution ? RESOLUTION[item.resolution] : 'Resolved'}</strong>{item.note ? `: ${item.note}` : ''}</Text>
        )}
      </Stack>
    </Paper>
  );
}

/** The reported content as it is now (for a chat message, that message alone). */
function ContentInPlace({ item }: { item: ReportItem }) {
  const { content } = item;
  return (
    <Paper bg="gray.0" p="sm" radius="sm" aria-label="Reported content">
      {content.title && <Text fw={600} style={{ overflowWrap: 'anywhere' }}>{content.title}</Text>}
      {content.removed && !content.text ? <Text size="sm" fs="italic" c="dimmed">This content is no longer there.</Text> : (
        <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} lineClamp={12}>{content.text}</Text>
      )}
      {content.link && <Anchor component={Link} to={content.link} size="sm">Open where it is</Anchor>}
    </Paper>
  );
}

function ReviewActions({ item }: { item: ReportItem }) {
  const [note, setNote] = useState('');
  const review = useReviewReport();
  const confirm = useConfirm();
  const act = async (a: (typeof ACTIONS)[number]) => {
    if (!(await confirm({ title: a.label, message: a.question, confirmLabel: a.label }))) return;
    review.mutate({ id: item._id, action: a.action, note: note.trim() });
  };
  const noAuthor = !item.author;
  return (
    <Stack gap="xs">
      <Textarea label="Note (optional)" description="Kept in the audit log; a warning email includes it." value={note}
        onChange={(e) => setNote(e.currentTarget.value)} maxLength={1000} autosize minRows={1} />
      {review.isError && <Alert color="red" role="alert">{review.error.message}</Alert>}
      <Group gap="xs">
        {ACTIONS.map((a) => (
          <Button key={a.action} size="sm" variant={a.action === 'dismiss' ? 'default' : 'outline'} color={a.color}
            disabled={review.isPending || (noAuthor && (a.action === 'warn' || a.action === 'suspend'))}
            onClick={() => void act(a)}>
            {a.label}
          </Button>
        ))}
      </Group>
    </Stack>
  );
}
