import { Alert, Button, Card, Group, Modal, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import type { PendingVerification } from '../../../common/admin.ts';
import { PageLoader } from '../../components/PageLoader.tsx';
import { PagePagination } from '../../components/PagePagination.tsx';
import { timeAgo } from '../../lib/time.ts';
import { useSubmit } from '../../lib/useSubmit.ts';
import { AdminNav } from './AdminNav.tsx';
import { useDecideVerification, useVerificationQueue } from './api.ts';
import { NameChanges } from './NameChanges.tsx';

/** Licences waiting for review, oldest first: approve, or reject with a reason the member reads; then name changes. */
export default function VerificationsPage() {
  const [page, setPage] = useState(1);
  const [rejecting, setRejecting] = useState<PendingVerification | null>(null);
  const { data, isPending, error } = useVerificationQueue(page);
  const decide = useDecideVerification();
  // A calm word after each decision: the card leaves the queue, and this says what happened to whom.
  const [confirmation, setConfirmation] = useState<string | null>(null);
  const approve = (person: PendingVerification) => decide.mutate({ id: person._id, approved: true }, {
    onSuccess: () => setConfirmation(approvedText(person.name)),
  });

  return (
    <Stack>
      <AdminNav />
      <Title order={1} size="h2">Licence verifications</Title>
      <Text>New members wait here until their licence is checked against their licensing body's public register. Oldest first.</Text>
      {decide.error && <Alert color="red" role="alert">{decide.error.message}</Alert>}
      <div role="status">
        {confirmation && (
          <Alert color="teal" withCloseButton closeButtonLabel="Dismiss" onClose={() => setConfirmation(null)}>{confirmation}</Alert>
        )}
      </div>
      {isPending && <PageLoader />}
      {error && <Alert color="red" role="alert">{error.message}</Alert>}
      {data && data.users.length === 0 && <Text>No accounts are waiting for verification.</Text>}
      {data && data.users.some((u) => u.renewal) && <Title order={2} size="h4">Renewals</Title>}
      {data?.users.filter((u) => u.renewal).map((u) => (
        <PendingCard key={u._id} person={u} decide={decide} onApprove={approve} onReject={setRejecting} />
      ))}
      {data && data.users.some((u) => u.renewal) && data.users.some((u) => !u.renewal) && <Title order={2} size="h4">New members</Title>}
      {data?.users.filter((u) => !u.renewal).map((u) => (
        <PendingCard key={u._id} person={u} decide={decide} onApprove={approve} onReject={setRejecting} />
      ))}
      {data && <PagePagination total={data.totalPages} value={page} onChange={setPage} />}
      <NameChanges />
      <RejectDialog person={rejecting} onClose={() => setRejecting(null)} onRejected={(name) => setConfirmation(rejectedText(name))} />
    </Stack>
  );
}

type Decide = ReturnType<typeof useDecideVerification>;

const approvedText = (name: string) => `${name}'s licence is verified. They have been told by email and can now use the forums, chat and referrals.`;
const rejectedText = (name: string) => `${name}'s licence was not verified. They have been told why by email.`;

/** One account waiting: a renewal says so and when the new licence expires. */
function PendingCard({ person: u, decide, onApprove, onReject }: {
  person: PendingVerification; decide: Decide; onApprove: (p: PendingVerification) => void; onReject: (p: PendingVerification) => void;
}) {
  return (
    <Card withBorder>
      <Group justify="space-between" align="flex-start">
        <div>
          <Text fw={600}>{u.name}</Text>
          <Text size="sm">{u.email} · registered {timeAgo(u.createdAt)}</Text>
          <Text size="sm" mt={6}>{u.profession}</Text>
          <Text size="sm">Licence <strong>{u.licenceNumber}</strong> · {u.licensingBody} · {u.region}, {u.country}</Text>
          {u.licenceExpiresOn && <Text size="sm">{u.renewal ? 'Renewed licence expires' : 'Expires'} {u.licenceExpiresOn}</Text>}
        </div>
        <Group gap="xs">
          <Button onClick={() => onApprove(u)} loading={decide.isPending && decide.variables?.id === u._id} aria-label={`Approve ${u.name}`}>Approve</Button>
          <Button variant="outline" color="red.8" onClick={() => onReject(u)} aria-label={`Reject ${u.name}`}>Reject</Button>
        </Group>
      </Group>
    </Card>
  );
}

/** Rejects with a reason the member reads; stays open with the server's message if the rejection fails. */
function RejectDialog({ person, onClose, onRejected }: { person: PendingVerification | null; onClose: () => void; onRejected: (name: string) => void }) {
  const [reason, setReason] = useState('');
  const reject = useDecideVerification();
  const { busy, message, setMessage, submit } = useSubmit('Failed to reject the licence.');

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
    <Modal opened={person !== null} onClose={close} title={`Reject ${person?.name ?? ''}`} closeButtonProps={{ 'aria-label': 'Close' }}>
      <form onSubmit={onSubmit}>
        <Stack>
          {message && <Alert color="red" role="alert">{message}</Alert>}
          <Textarea label="Reason (shown to the member)" required minRows={3} maxLength={1000} value={reason} onChange={(e) => setReason(e.currentTarget.value)} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>Cancel</Button>
            <Button type="submit" color="red.8" disabled={!reason.trim()} loading={busy}>Reject</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
