import { Alert, Button, Card, Group, Modal, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import type { PendingVerification } from '../../../common/admin.ts';
import { PageLoader } from '../../components/PageLoader.tsx';
import { PagePagination } from '../../components/PagePagination.tsx';
import { withValues } from '../../lib/messages.ts';
import { useOptionLabels } from '../../lib/option-labels.ts';
import { timeAgo } from '../../lib/time.ts';
import { useSubmit } from '../../lib/useSubmit.ts';
import { AdminNav } from './AdminNav.tsx';
import { useDecideVerification, useVerificationQueue } from './api.ts';
import { NameChanges } from './NameChanges.tsx';

const m = withValues(defineMessages({
  title: { id: 'admin.verifications.title', defaultMessage: 'Licence verifications', description: 'Title of the admin queue of licences to check.' },
  intro: { id: 'admin.verifications.intro', defaultMessage: 'New members wait here until their licence is checked against their licensing body\'s public register. Oldest first.', description: 'Under the licence verifications title.' },
  dismiss: { id: 'admin.verifications.dismiss', defaultMessage: 'Dismiss', description: 'Accessible name of the button closing the confirmation after a decision.' },
  none: { id: 'admin.verifications.none', defaultMessage: 'No accounts are waiting for verification.', description: 'The licence queue is empty.' },
  renewals: { id: 'admin.verifications.renewals', defaultMessage: 'Renewals', description: 'Heading of the members who entered a renewed licence.' },
  newMembers: { id: 'admin.verifications.newMembers', defaultMessage: 'New members', description: 'Heading of the new members waiting for their first verification.' },
  approved: { id: 'admin.verifications.approved', defaultMessage: '{name}\'s licence is verified. They have been told by email and can now use the forums, chat and referrals.', description: 'Confirmation after approving a member\'s licence.' },
  rejected: { id: 'admin.verifications.rejected', defaultMessage: '{name}\'s licence was not verified. They have been told why by email.', description: 'Confirmation after rejecting a member\'s licence.' },
  registered: { id: 'admin.verifications.registered', defaultMessage: '{email} · registered {ago}', description: 'The member\'s email address and when they registered; {ago} is a relative time such as "5m ago".' },
  licence: { id: 'admin.verifications.licence', defaultMessage: 'Licence <strong>{number}</strong> · {body} · {region}, {country}', description: 'The member\'s licence: its number, the licensing body (ordre professionnel), the province or state\'s name and the country.' },
  renewedExpires: { id: 'admin.verifications.renewedExpires', defaultMessage: 'Renewed licence expires {date}', description: 'When a renewed licence expires; {date} as the member entered it (YYYY-MM-DD).' },
  expires: { id: 'admin.verifications.expires', defaultMessage: 'Expires {date}', description: 'When the licence expires; {date} as the member entered it (YYYY-MM-DD).' },
  approveName: { id: 'admin.verifications.approveName', defaultMessage: 'Approve {name}', description: 'Accessible name of the button approving the member\'s licence.' },
  approve: { id: 'admin.verifications.approve', defaultMessage: 'Approve', description: 'Button: the licence is verified.' },
  rejectName: { id: 'admin.verifications.rejectName', defaultMessage: 'Reject {name}', description: 'Accessible name of the button rejecting the member\'s licence, and title of the rejection dialog.' },
  reject: { id: 'admin.verifications.reject', defaultMessage: 'Reject', description: 'Button: reject the licence (a reason is asked next).' },
  rejectFailed: { id: 'admin.verifications.rejectFailed', defaultMessage: 'Failed to reject the licence.', description: 'Rejecting failed and the server gave no reason.' },
  close: { id: 'admin.verifications.close', defaultMessage: 'Close', description: 'Accessible name of the button closing the rejection dialog.' },
  reason: { id: 'admin.verifications.reason', defaultMessage: 'Reason (shown to the member)', description: 'Label of the reason for the rejection, which the member reads.' },
  cancel: { id: 'admin.verifications.cancel', defaultMessage: 'Cancel', description: 'Button: close the rejection dialog without rejecting.' },
}));

/** Licences waiting for review, oldest first: approve, or reject with a reason the member reads; then name changes. */
export default function VerificationsPage() {
  const intl = useIntl();
  const [page, setPage] = useState(1);
  const [rejecting, setRejecting] = useState<PendingVerification | null>(null);
  const { data, isPending, error } = useVerificationQueue(page);
  const decide = useDecideVerification();
  // A calm word after each decision: the card leaves the queue, and this says what happened to whom.
  const [confirmation, setConfirmation] = useState<string | null>(null);
  const approve = (person: PendingVerification) => decide.mutate({ id: person._id, approved: true }, {
    onSuccess: () => setConfirmation(intl.formatMessage(m.approved, { name: person.name })),
  });

  return (
    <Stack>
      <AdminNav />
      <Title order={1} size="h2">{intl.formatMessage(m.title)}</Title>
      <Text>{intl.formatMessage(m.intro)}</Text>
      {decide.error && <Alert color="red" role="alert">{decide.error.message}</Alert>}
      <div role="status">
        {confirmation && (
          <Alert color="teal" withCloseButton closeButtonLabel={intl.formatMessage(m.dismiss)} onClose={() => setConfirmation(null)}>{confirmation}</Alert>
        )}
      </div>
      {isPending && <PageLoader />}
      {error && <Alert color="red" role="alert">{error.message}</Alert>}
      {data && data.users.length === 0 && <Text>{intl.formatMessage(m.none)}</Text>}
      {data && data.users.some((u) => u.renewal) && <Title order={2} size="h4">{intl.formatMessage(m.renewals)}</Title>}
      {data?.users.filter((u) => u.renewal).map((u) => (
        <PendingCard key={u._id} person={u} decide={decide} onApprove={approve} onReject={setRejecting} />
      ))}
      {data && data.users.some((u) => u.renewal) && data.users.some((u) => !u.renewal) && <Title order={2} size="h4">{intl.formatMessage(m.newMembers)}</Title>}
      {data?.users.filter((u) => !u.renewal).map((u) => (
        <PendingCard key={u._id} person={u} decide={decide} onApprove={approve} onReject={setRejecting} />
      ))}
      {data && <PagePagination total={data.totalPages} value={page} onChange={setPage} />}
      <NameChanges />
      <RejectDialog person={rejecting} onClose={() => setRejecting(null)} onRejected={(name) => setConfirmation(intl.formatMessage(m.rejected, { name }))} />
    </Stack>
  );
}

type Decide = ReturnType<typeof useDecideVerification>;

/** One account waiting: a renewal says so and when the new licence expires. */
function PendingCard({ person: u, decide, onApprove, onReject }: {
  person: PendingVerification; decide: Decide; onApprove: (p: PendingVerification) => void; onReject: (p: PendingVerification) => void;
}) {
  const intl = useIntl();
  const labels = useOptionLabels();
  return (
    <Card withBorder>
      <Group justify="space-between" align="flex-start">
        <div>
          <Text fw={600}>{u.name}</Text>
          <Text size="sm">{intl.formatMessage(m.registered, { email: u.email, ago: timeAgo(intl, u.createdAt) })}</Text>
          <Text size="sm" mt={6}>{u.profession}</Text>
          <Text size="sm">
            <FormattedMessage {...m.licence} values={{
              number: u.licenceNumber, body: <span translate="no">{u.licensingBody}</span>, region: labels.region(u.region), country: labels.country(u.country), strong: (chunks) => <strong>{chunks}</strong>,
            }} />
          </Text>
          {u.licenceExpiresOn && <Text size="sm">{intl.formatMessage(u.renewal ? m.renewedExpires : m.expires, { date: u.licenceExpiresOn })}</Text>}
        </div>
        <Group gap="xs">
          <Button onClick={() => onApprove(u)} loading={decide.isPending && decide.variables?.id === u._id} aria-label={intl.formatMessage(m.approveName, { name: u.name })}>{intl.formatMessage(m.approve)}</Button>
          <Button variant="outline" color="red.8" onClick={() => onReject(u)} aria-label={intl.formatMessage(m.rejectName, { name: u.name })}>{intl.formatMessage(m.reject)}</Button>
        </Group>
      </Group>
    </Card>
  );
}

/** Rejects with a reason the member reads; stays open with the server's message if the rejection fails. */
function RejectDialog({ person, onClose, onRejected }: { person: PendingVerification | null; onClose: () => void; onRejected: (name: string) => void }) {
  const intl = useIntl();
  const [reason, setReason] = useState('');
  const reject = useDecideVerification();
  const { busy, message, setMessage, submit } = useSubmit(intl.formatMessage(m.rejectFailed));

  const close = () => {
    setReason('');
    setMessage(null);
    onClose();
  };
  const onSubmit = submit(async () => {
    if (!person || !reason.trim()) return;
    await reject.mutateAsync({ id: person._id, approved: false, reason: reason.trim() });
    onRejected(person.name);
    close();
  });

  return (
    <Modal opened={person !== null} onClose={close} title={intl.formatMessage(m.rejectName, { name: person?.name ?? '' })} closeButtonProps={{ 'aria-label': intl.formatMessage(m.close) }}>
      <form onSubmit={onSubmit}>
        <Stack>
          {message && <Alert color="red" role="alert">{message}</Alert>}
          <Textarea label={intl.formatMessage(m.reason)} required minRows={3} maxLength={1000} value={reason} onChange={(e) => setReason(e.currentTarget.value)} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>{intl.formatMessage(m.cancel)}</Button>
            <Button type="submit" color="red.8" disabled={!reason.trim()} loading={busy}>{intl.formatMessage(m.reject)}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
