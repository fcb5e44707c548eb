import { Alert, Anchor, Badge, Button, Group, Paper, SegmentedControl, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import { Link } from 'react-router';
import { type ReportAction, type ReportItem } from '../../../common/moderation.ts';
import { REPORT_REASON_MESSAGES } from '../../components/ReportDialog.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { useConfirm } from '../../components/useConfirm.tsx';
import { withValues } from '../../lib/messages.ts';
import { timeAgo } from '../../lib/time.ts';
import { AdminNav } from './AdminNav.tsx';
import { useReports, useReviewReport } from './reports-api.ts';
import { SealedMessage } from './SealedMessage.tsx';
import { DOT } from '../../lib/punctuation.ts';

const m = withValues(defineMessages({
  dismiss: { id: 'admin.reports.dismiss', defaultMessage: 'Dismiss', description: 'Button and question title: dismiss the reports, leaving the content.' },
  dismissQuestion: { id: 'admin.reports.dismissQuestion', defaultMessage: 'Dismiss these reports? The content stays as it is.', description: 'Question asked before dismissing reports.' },
  remove: { id: 'admin.reports.remove', defaultMessage: 'Remove content', description: 'Button and question title: remove the reported content.' },
  removeQuestion: { id: 'admin.reports.removeQuestion', defaultMessage: 'Remove this content? A note that a moderator removed it takes its place.', description: 'Question asked before removing reported content.' },
  warn: { id: 'admin.reports.warn', defaultMessage: 'Warn author', description: 'Button and question title: email the author a warning.' },
  warnQuestion: { id: 'admin.reports.warnQuestion', defaultMessage: 'Email the author a warning? They are not told who reported it.', description: 'Question asked before warning the author.' },
  suspend: { id: 'admin.reports.suspend', defaultMessage: 'Suspend account', description: 'Button and question title: suspend the author\'s account.' },
  suspendQuestion: { id: 'admin.reports.suspendQuestion', defaultMessage: 'Suspend the author\'s account? They are signed out everywhere.', description: 'Question asked before suspending the author.' },
  dismissed: { id: 'admin.reports.resolution.dismissed', defaultMessage: 'Dismissed', description: 'How reviewed reports were resolved: dismissed.' },
  removed: { id: 'admin.reports.resolution.removed', defaultMessage: 'Content removed', description: 'How reviewed reports were resolved: the content was removed.' },
  warned: { id: 'admin.reports.resolution.warned', defaultMessage: 'Author warned', description: 'How reviewed reports were resolved: the author was warned.' },
  suspended: { id: 'admin.reports.resolution.suspended', defaultMessage: 'Account suspended', description: 'How reviewed reports were resolved: the author\'s account was suspended.' },
  resolved: { id: 'admin.reports.resolution.resolved', defaultMessage: 'Resolved', description: 'Reviewed reports with no recorded resolution.' },
  title: { id: 'admin.reports.title', defaultMessage: 'Reports', description: 'Title of the admin screen of reported content.' },
  intro: { id: 'admin.reports.intro', defaultMessage: 'Content members reported, newest report first.', description: 'Under the reports title.' },
  which: { id: 'admin.reports.which', defaultMessage: 'Which reports', description: 'Accessible name of the switch between open and reviewed reports.' },
  open: { id: 'admin.reports.open', defaultMessage: 'Open', description: 'Switch option: reports waiting for review.' },
  reviewed: { id: 'admin.reports.reviewed', defaultMessage: 'Reviewed', description: 'Switch option: reports already reviewed.' },
  loading: { id: 'admin.reports.loading', defaultMessage: 'Loading reports...', description: 'While the reports load.' },
  failed: { id: 'admin.reports.failed', defaultMessage: 'Failed to fetch reports.', description: 'The reports could not be loaded.' },
  noneOpen: { id: 'admin.reports.noneOpen', defaultMessage: 'No open reports.', description: 'No report waits for review.' },
  noneReviewed: { id: 'admin.reports.noneReviewed', defaultMessage: 'No reviewed reports yet.', description: 'No report has been reviewed yet.' },
  loadMore: { id: 'admin.reports.loadMore', defaultMessage: 'Load more', description: 'Button: show older reported content.' },
  count: { id: 'admin.reports.count', defaultMessage: '{count, plural, one {# report} other {# reports}}', description: 'Badge: how many reports the content received.' },
  by: { id: 'admin.reports.by', defaultMessage: 'By {name}', description: 'The reported content\'s author.' },
  bySuspended: { id: 'admin.reports.bySuspended', defaultMessage: 'By {name} (suspended)', description: 'The reported content\'s author, whose account is suspended.' },
  unknownAuthor: { id: 'admin.reports.unknownAuthor', defaultMessage: 'Author unknown', description: 'The reported content\'s author is not known (a deleted account).' },
  wrote: { id: 'admin.reports.wrote', defaultMessage: 'What reporters wrote', description: 'Heading of the details reporters gave.' },
  times: { id: 'admin.reports.times', defaultMessage: ' ×{count}', description: 'Follows a report reason (keep the leading space): how many reports gave it.' },
  resolutionNote: { id: 'admin.reports.resolutionNote', defaultMessage: ': {note}', description: 'Follows how a report was resolved (keep the leading colon): the administrator\'s note.' },
  quoted: { id: 'admin.reports.quoted', defaultMessage: '“{text}”', description: 'A reporter\'s words, quoted.' },
  content: { id: 'admin.reports.content', defaultMessage: 'Reported content', description: 'Accessible name of the reported content shown in place.' },
  gone: { id: 'admin.reports.gone', defaultMessage: 'This content is no longer there.', description: 'The reported content was removed since.' },
  openWhere: { id: 'admin.reports.openWhere', defaultMessage: 'Open where it is', description: 'Link to the reported content where members see it.' },
  note: { id: 'admin.reports.note', defaultMessage: 'Note (optional)', description: 'Label of the administrator\'s note on the review.' },
  noteHelp: { id: 'admin.reports.noteHelp', defaultMessage: 'Kept in the audit log; a warning email includes it.', description: 'Under the review note.' },
}));

const ACTIONS: { action: ReportAction; label: MessageDescriptor; color: string; question: MessageDescriptor }[] = [
  { action: 'dismiss', label: m.dismiss, color: 'gray', question: m.dismissQuestion },
  { action: 'remove', label: m.remove, color: 'red.8', question: m.removeQuestion },
  { action: 'warn', label: m.warn, color: 'dark', question: m.warnQuestion },
  { action: 'suspend', label: m.suspend, color: 'red.8', question: m.suspendQuestion },
];

const RESOLUTION: Record<ReportAction, MessageDescriptor> = {
  dismiss: m.dismissed, remove: m.removed, warn: m.warned, suspend: m.suspended,
};

/** Reported content for the administrators: each item once, with its reports counted, the content shown in place. */
export default function ReportsPage() {
  const intl = useIntl();
  const [status, setStatus] = useState<'open' | 'resolved'>('open');
  const { data, isPending, isError, fetchNextPage, hasNextPage, isFetchingNextPage } = useReports(status);
  const items = data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Stack gap="md">
      <AdminNav />
      <div>
        <Title order={1}>{intl.formatMessage(m.title)}</Title>
        <Text c="dimmed">{intl.formatMessage(m.intro)}</Text>
      </div>
      <SegmentedControl aria-label={intl.formatMessage(m.which)} value={status} onChange={(v) => setStatus(v as 'open' | 'resolved')}
        data={[{ value: 'open', label: intl.formatMessage(m.open) }, { value: 'resolved', label: intl.formatMessage(m.reviewed) }]} style={{ alignSelf: 'flex-start' }} />
      {isPending ? <PageLoader label={intl.formatMessage(m.loading)} /> : isError ? (
        <Alert color="red" role="alert">{intl.formatMessage(m.failed)}</Alert>
      ) : !items.length ? <Text>{intl.formatMessage(status === 'open' ? m.noneOpen : m.noneReviewed)}</Text> : (
        <Stack gap="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {items.map((item) => <li key={item._id}><ReportCard item={item} /></li>)}
        </Stack>
      )}
      {hasNextPage && <Button variant="default" loading={isFetchingNextPage} onClick={() => void fetchNextPage()}>{intl.formatMessage(m.loadMore)}</Button>}
    </Stack>
  );
}

function ReportCard({ item }: { item: ReportItem }) {
  const intl = useIntl();
  const headingId = `report-${item._id}`;
  return (
    <Paper component="article" withBorder p="md" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Title order={2} size="h4" id={headingId}>{item.content.where}</Title>
          <Badge variant="filled" color="red.9">{intl.formatMessage(m.count, { count: item.count })}</Badge>
        </Group>
        <Group gap={6}>
          {item.reasons.map((r) => (
            <Badge key={r.reason} variant="outline" color="gray.7" c="dark">{intl.formatMessage(REPORT_REASON_MESSAGES[r.reason])}{r.count > 1 ? intl.formatMessage(m.times, { count: r.count }) : ''}</Badge>
          ))}
        </Group>
        <Text size="sm" c="dimmed">
          {item.author ? intl.formatMessage(item.author.disabled ? m.bySuspended : m.by, { name: item.author.name }) : intl.formatMessage(m.unknownAuthor)}
          {DOT}<time dateTime={item.latestAt}>{timeAgo(intl, item.latestAt)}</time>
        </Text>
        <ContentInPlace item={item} />
        {item.details.length > 0 && (
          <Stack gap={4}>
            <Text size="sm" fw={600}>{intl.formatMessage(m.wrote)}</Text>
            {item.details.map((d, i) => <Text key={i} size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{intl.formatMessage(m.quoted, { text: d })}</Text>)}
          </Stack>
        )}
        {item.status === 'open' ? <ReviewActions item={item} /> : (
          <Text size="sm"><strong>{intl.formatMessage(item.resolution ? RESOLUTION[item.resolution] : m.resolved)}</strong>{item.note ? intl.formatMessage(m.resolutionNote, { note: item.note }) : ''}</Text>
        )}
      </Stack>
    </Paper>
  );
}

/** The reported content as it is now (a chat message opens only with a reason). */
function ContentInPlace({ item }: { item: ReportItem }) {
  const intl = useIntl();
  const { content } = item;
  if (content.sealed && !content.removed) {
    return <Paper bg="gray.0" p="sm" radius="sm" aria-label={intl.formatMessage(m.content)}><SealedMessage reportId={item._id} /></Paper>;
  }
  return (
    <Paper bg="gray.0" p="sm" radius="sm" aria-label={intl.formatMessage(m.content)}>
      {content.title && <Text fw={600} style={{ overflowWrap: 'anywhere' }}>{content.title}</Text>}
      {content.removed && !content.text ? <Text size="sm" fs="italic" c="dimmed">{intl.formatMessage(m.gone)}</Text> : (
        <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} lineClamp={12}>{content.text}</Text>
      )}
      {content.link && <Anchor component={Link} to={content.link} size="sm">{intl.formatMessage(m.openWhere)}</Anchor>}
    </Paper>
  );
}

function ReviewActions({ item }: { item: ReportItem }) {
  const intl = useIntl();
  const [note, setNote] = useState('');
  const review = useReviewReport();
  const confirm = useConfirm();
  const act = async (a: (typeof ACTIONS)[number]) => {
    const label = intl.formatMessage(a.label);
    if (!(await confirm({ title: label, message: intl.formatMessage(a.question), confirmLabel: label }))) return;
    review.mutate({ id: item._id, action: a.action, note: note.trim() });
  };
  const noAuthor = !item.author;
  return (
    <Stack gap="xs">
      <Textarea label={intl.formatMessage(m.note)} description={intl.formatMessage(m.noteHelp)} value={note}
        onChange={(e) => setNote(e.currentTarget.value)} maxLength={1000} autosize minRows={1} />
      {review.isError && <Alert color="red" role="alert">{review.error.message}</Alert>}
      <Group gap="xs">
        {ACTIONS.map((a) => (
          <Button key={a.action} size="sm" variant={a.action === 'dismiss' ? 'default' : 'outline'} color={a.color}
            disabled={review.isPending || (noAuthor && (a.action === 'warn' || a.action === 'suspend'))}
            onClick={() => void act(a)}>
            {intl.formatMessage(a.label)}
          </Button>
        ))}
      </Group>
    </Stack>
  );
}
