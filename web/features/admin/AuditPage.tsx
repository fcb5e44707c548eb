import { Anchor, Box, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { defineMessages, FormattedMessage, useIntl, type IntlShape, type MessageDescriptor } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import type { AuditEntry } from '../../../common/audit.ts';
import { PageLoader } from '../../components/PageLoader.tsx';
import { getToken, query } from '../../lib/api.ts';
import { withValues } from '../../lib/messages.ts';
import { timeAgo } from '../../lib/time.ts';
import { AdminNav } from './AdminNav.tsx';
import { AuditFilterForm } from './AuditFilters.tsx';
import { useAuditLog, type AuditSearch } from './api.ts';
import { ACTIONS } from './audit-texts.ts';

/** What an empty cell shows. */
const NONE = '-';

const m = withValues(defineMessages({
  forumPrivacy: { id: 'admin.audit.target.forumPrivacy', defaultMessage: 'Identifying details in forums: {before, select, confirm {ask to confirm} refuse {refuse} other {{before}}} → {after, select, confirm {ask to confirm} refuse {refuse} other {{after}}}', description: 'What a change of the forum privacy setting changed: the setting before and after.' },
  chatMessages: { id: 'admin.audit.purged.chatMessages', defaultMessage: '{count, plural, one {# chat message} other {# chat messages}}', description: 'Part of what a daily retention purge deleted (listed with commas).' },
  conversations: { id: 'admin.audit.purged.conversations', defaultMessage: '{count, plural, one {# conversation} other {# conversations}}', description: 'Part of what a daily retention purge deleted (listed with commas).' },
  notifications: { id: 'admin.audit.purged.notifications', defaultMessage: '{count, plural, one {# notification} other {# notifications}}', description: 'Part of what a daily retention purge deleted (listed with commas).' },
  referrals: { id: 'admin.audit.purged.referrals', defaultMessage: '{count, plural, one {# referral} other {# referrals}}', description: 'Part of what a daily retention purge deleted (listed with commas).' },
  dataExports: { id: 'admin.audit.purged.dataExports', defaultMessage: '{count, plural, one {# data export} other {# data exports}}', description: 'Part of what a daily retention purge deleted (listed with commas).' },
  sessions: { id: 'admin.audit.purged.sessions', defaultMessage: '{count, plural, one {# session} other {# sessions}}', description: 'Part of what a daily retention purge deleted (listed with commas): sign-in sessions.' },
  auditEntries: { id: 'admin.audit.purged.auditEntries', defaultMessage: '{count, plural, one {# audit entry} other {# audit entries}}', description: 'Part of what a daily retention purge deleted (listed with commas).' },
  purgedOther: { id: 'admin.audit.purged.other', defaultMessage: '{count, number} {kind}', description: 'Part of what a daily retention purge deleted, of a kind with no words yet; {kind} is its code name.' },
  retention: { id: 'admin.audit.target.retention', defaultMessage: 'Retention settings', description: 'The target of a change of the retention settings.' },
  legalHold: { id: 'admin.audit.target.legalHold', defaultMessage: '{name} ({on, select, true {placed on hold} other {released}})', description: 'The target of a legal hold change: the member, and whether the hold was placed or released.' },
  comments: { id: 'admin.audit.target.comments', defaultMessage: '{count, plural, one {# comment} other {# comments}}', description: 'The target of a bulk comment deletion: how many comments.' },
  commentsOn: { id: 'admin.audit.target.commentsOn', defaultMessage: '{count, plural, one {# comment} other {# comments}} on {name}', description: 'The target of a bulk comment deletion: how many comments, on which post.' },
  session: { id: 'admin.audit.target.session', defaultMessage: 'A session', description: 'The target of an audit entry: a sign-in session (not shown anywhere to open).' },
  export: { id: 'admin.audit.target.export', defaultMessage: 'A data export', description: 'The target of an audit entry: a member\'s data export.' },
  referral: { id: 'admin.audit.target.referral', defaultMessage: 'A referral', description: 'The target of an audit entry: a referral (never shown to administrators).' },
  message: { id: 'admin.audit.target.message', defaultMessage: 'A chat message', description: 'The target of an audit entry: a private chat message.' },
  gone: { id: 'admin.audit.target.gone', defaultMessage: '{type, select, post {A post} comment {A comment} user {A member} resource {A resource} community {A community} message {A message} other {A target}} that no longer exists', description: 'The target of an audit entry whose subject was deleted since, by kind.' },
  administrator: { id: 'admin.audit.actor.administrator', defaultMessage: '{name} (administrator)', description: 'Who acted: an administrator, by name.' },
  visitor: { id: 'admin.audit.actor.visitor', defaultMessage: 'Someone without an account', description: 'Who acted: a visitor not signed in (a failed sign-in, say).' },
  daily: { id: 'admin.audit.actor.daily', defaultMessage: 'Thera Root (daily)', description: 'Who acted: the platform\'s daily retention purge.' },
  system: { id: 'admin.audit.actor.system', defaultMessage: 'The system', description: 'Who acted: the platform itself.' },
  deleted: { id: 'admin.audit.deletedAccount', defaultMessage: 'A deleted account', description: 'Who acted, or whose data it was: an account deleted since.' },
  title: { id: 'admin.audit.title', defaultMessage: 'Audit log', description: 'Title of the access audit trail screen.' },
  intro: { id: 'admin.audit.intro', defaultMessage: 'Every administrator action, security event and read of a member\'s data by someone else, newest first.', description: 'Under the audit log title.' },
  csv: { id: 'admin.audit.downloadCsv', defaultMessage: 'Download as CSV', description: 'Button: download the filtered entries as a CSV file.' },
  csvFailed: { id: 'admin.audit.csvFailed', defaultMessage: 'The CSV could not be prepared. Please try again.', description: 'The CSV download failed.' },
  loading: { id: 'admin.audit.loading', defaultMessage: 'Loading audit log...', description: 'While the audit log loads.' },
  failed: { id: 'admin.audit.failed', defaultMessage: 'Failed to fetch the audit log.', description: 'The audit log could not be loaded.' },
  none: { id: 'admin.audit.none', defaultMessage: 'No entries match.', description: 'No audit entry matches the filters.' },
  when: { id: 'admin.audit.column.when', defaultMessage: 'When', description: 'Column heading of the audit log.' },
  who: { id: 'admin.audit.column.who', defaultMessage: 'Who', description: 'Column heading of the audit log: who acted.' },
  what: { id: 'admin.audit.column.what', defaultMessage: 'What', description: 'Column heading of the audit log: the action.' },
  target: { id: 'admin.audit.column.target', defaultMessage: 'Target', description: 'Column heading of the audit log: what the action was about.' },
  whose: { id: 'admin.audit.column.whose', defaultMessage: 'Whose data', description: 'Column heading of the audit log: the member whose data was read or changed.' },
  from: { id: 'admin.audit.column.from', defaultMessage: 'From', description: 'Column heading of the audit log: the network address the action came from.' },
  reason: { id: 'admin.audit.reason', defaultMessage: 'Reason: {reason}', description: 'The reason an administrator gave for the action.' },
  entries: { id: 'admin.audit.entries', defaultMessage: 'Audit log entries', description: 'Accessible name of the list of entries (on a phone).' },
  actionOn: { id: 'admin.audit.actionOn', defaultMessage: '{action}: {target}', description: 'An entry on a phone: the action, then its target.' },
  byWhen: { id: 'admin.audit.byWhen', defaultMessage: '{actor}, {when}', description: 'An entry on a phone: who acted, then when.' },
  fromAddress: { id: 'admin.audit.fromAddress', defaultMessage: ', from {address}', description: 'Follows who acted and when on a phone (keep the leading comma): the network address.' },
  loadMore: { id: 'admin.audit.loadMore', defaultMessage: 'Load more', description: 'Button: show older entries.' },
}));

// Targets that are not shown anywhere an administrator can open: named by kind.
const READ_TARGETS: Record<string, MessageDescriptor> = { session: m.session, export: m.export, referral: m.referral, message: m.message };

const PURGED_WORDS: Record<string, MessageDescriptor> = {
  chatMessages: m.chatMessages, conversations: m.conversations, notifications: m.notifications, referrals: m.referrals,
  dataExports: m.dataExports, sessions: m.sessions, auditEntries: m.auditEntries,
};

/** What the entry was about, in words (a title, a name, a count of comments), never a bare id. */
function describeTarget(intl: IntlShape, entry: AuditEntry): string {
  const { count, counts, on } = entry.detail as { count?: unknown; counts?: Record<string, number>; on?: unknown };
  if (entry.action === 'forum_privacy.update') {
    const { before, after } = entry.detail as { before?: string; after?: string };
    return intl.formatMessage(m.forumPrivacy, { before: before ?? '', after: after ?? '' });
  }
  if (counts) {
    return Object.entries(counts).filter(([, n]) => n > 0)
      .map(([kind, n]) => (PURGED_WORDS[kind] ? intl.formatMessage(PURGED_WORDS[kind], { count: n }) : intl.formatMessage(m.purgedOther, { count: n, kind })))
      .join(', ');
  }
  if (entry.action === 'retention.update') return intl.formatMessage(m.retention);
  if (entry.action === 'user.legal_hold' && entry.targetName) return intl.formatMessage(m.legalHold, { name: entry.targetName, on: on ? 'true' : 'false' });
  if (typeof count === 'number') {
    return entry.targetName ? intl.formatMessage(m.commentsOn, { count, name: entry.targetName }) : intl.formatMessage(m.comments, { count });
  }
  if (entry.targetName) return entry.targetName;
  if (!entry.targetId) return '-';
  if (READ_TARGETS[entry.targetType]) return intl.formatMessage(READ_TARGETS[entry.targetType]);
  // Its subject is gone (a deleted post or account) and the entry recorded no name for it.
  return intl.formatMessage(m.gone, { type: entry.targetType });
}

/** The target in words, linked to where it is shown now when it still is. */
function Target({ entry }: { entry: AuditEntry }) {
  const intl = useIntl();
  const text = describeTarget(intl, entry);
  if (!entry.targetLink) return <>{text}</>;
  return <Anchor component={Link} to={entry.targetLink} underline="always">{text}</Anchor>;
}

// The daily purge has no actor: the platform did it.

function When({ at }: { at: string }) {
  const intl = useIntl();
  const full = intl.formatDate(at, { year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
  return <time dateTime={at} title={full}>{timeAgo(intl, at)}</time>;
}

const FILTERS = ['actorId', 'memberId', 'action', 'from', 'to'] as const;

/** Who acted: their name and role, or the system; a deleted account keeps its id. */
function Actor({ entry }: { entry: AuditEntry }) {
  const intl = useIntl();
  if (entry.actor) return <>{entry.actorRole === 'admin' ? intl.formatMessage(m.administrator, { name: entry.actor.name }) : entry.actor.name}</>;
  if (!entry.actorId) return <>{intl.formatMessage(entry.actorRole === 'visitor' ? m.visitor : entry.action === 'retention.purge' ? m.daily : m.system)}</>;
  return <>{intl.formatMessage(m.deleted)}</>;
}

/** The filtered entries as CSV, fetched with the session's token (a plain link would not carry it). */
async function downloadCsv(filters: AuditSearch): Promise<void> {
  const token = getToken();
  const response = await fetch(`/api/admin/audit.csv${query(filters)}`, { headers: token ? { 'x-auth-token': token } : {} });
  if (!response.ok) throw new Error(`CSV export failed: ${response.status}`);
  const url = URL.createObjectURL(await response.blob());
  const link = Object.assign(document.createElement('a'), { href: url, download: 'audit-trail.csv' });
  link.click();
  URL.revokeObjectURL(url);
}

/** The access audit trail: every administrator action, security event and read of a member's data; newest first. */
export default function AuditPage() {
  const intl = useIntl();
  const [params, setParams] = useSearchParams();
  const filters: AuditSearch = Object.fromEntries(FILTERS.flatMap((k) => (params.get(k) ? [[k, params.get(k)]] : [])));
  const { data, isPending, isError, fetchNextPage, hasNextPage, isFetchingNextPage } = useAuditLog(filters);
  const [exportFailed, setExportFailed] = useState(false);
  const entries = data?.pages.flatMap((p) => p.entries) ?? [];
  const actionText = (action: string) => (ACTIONS[action] ? intl.formatMessage(ACTIONS[action]) : action);
  const apply = (next: AuditSearch) => setParams(Object.fromEntries(Object.entries(next).filter(([, v]) => v)) as Record<string, string>);

  return (
    <Stack gap="md">
      <AdminNav />
      <div>
        <Title order={1}>{intl.formatMessage(m.title)}</Title>
        <Text c="dimmed">{intl.formatMessage(m.intro)}</Text>
      </div>
      <AuditFilterForm key={params.toString()} value={filters} onChange={apply} />
      <Group gap="sm">
        <Button variant="default" onClick={() => downloadCsv(filters).then(() => setExportFailed(false), () => setExportFailed(true))}>
          {intl.formatMessage(m.csv)}
        </Button>
        {exportFailed && <Text role="alert" c="red.8">{intl.formatMessage(m.csvFailed)}</Text>}
      </Group>
      {isPending ? <PageLoader label={intl.formatMessage(m.loading)} /> : isError ? (
        <Text role="alert">{intl.formatMessage(m.failed)}</Text>
      ) : !entries.length ? <Text>{intl.formatMessage(m.none)}</Text> : (
        <>
          {/* A table from the small breakpoint up; on a phone each entry is a short block instead of squeezed columns. */}
          <Table striped verticalSpacing="sm" visibleFrom="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{intl.formatMessage(m.when)}</Table.Th>
                <Table.Th scope="col">{intl.formatMessage(m.who)}</Table.Th>
                <Table.Th scope="col">{intl.formatMessage(m.what)}</Table.Th>
                <Table.Th scope="col">{intl.formatMessage(m.target)}</Table.Th>
                <Table.Th scope="col">{intl.formatMessage(m.whose)}</Table.Th>
                <Table.Th scope="col">{intl.formatMessage(m.from)}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entries.map((entry) => (
                <Table.Tr key={entry._id}>
                  <Table.Td><When at={entry.createdAt} /></Table.Td>
                  <Table.Td><Actor entry={entry} /></Table.Td>
                  <Table.Td>
                    {actionText(entry.action)}
                    {entry.reason && <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>{intl.formatMessage(m.reason, { reason: entry.reason })}</Text>}
                  </Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}><Target entry={entry} /></Table.Td>
                  <Table.Td>{entry.member?.name ?? (entry.memberId ? intl.formatMessage(m.deleted) : NONE)}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{entry.clientAddress ?? NONE}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Stack gap={0} hiddenFrom="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={intl.formatMessage(m.entries)}>
            {entries.map((entry) => (
              <Box component="li" key={entry._id} py="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
                <Text fw={600}>
                  <FormattedMessage {...m.actionOn} values={{
                    action: actionText(entry.action), target: <span style={{ overflowWrap: 'anywhere' }}><Target entry={entry} /></span>,
                  }} />
                </Text>
                {entry.reason && <Text size="sm" style={{ overflowWrap: 'anywhere' }}>{intl.formatMessage(m.reason, { reason: entry.reason })}</Text>}
                <Text size="sm" c="dimmed">
                  <FormattedMessage {...m.byWhen} values={{ actor: <Actor entry={entry} />, when: <When at={entry.createdAt} /> }} />
                  {entry.clientAddress ? intl.formatMessage(m.fromAddress, { address: entry.clientAddress }) : ''}
                </Text>
              </Box>
            ))}
          </Stack>
        </>
      )}
      {hasNextPage && <Button variant="default" loading={isFetchingNextPage} onClick={() => void fetchNextPage()}>{intl.formatMessage(m.loadMore)}</Button>}
    </Stack>
  );
}
