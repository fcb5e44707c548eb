import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useParams } from 'react-router';
import { PageLoader } from '../../components/PageLoader.tsx';
import { useConfirm } from '../../components/useConfirm.tsx';
import { useSubmit } from '../../lib/useSubmit.ts';
import { AdminNav } from './AdminNav.tsx';
import { resetMemberTwoFactor, useMemberForAdmin } from './api.ts';

/** /admin/users/{id}: what an administrator may do to a member's account, reached from the member's profile. */
export default function MemberAccountPage() {
  const { id = '' } = useParams();
  const member = useMemberForAdmin(id);
  return (
    <Stack gap="md">
      <AdminNav />
      <Title order={1} size="h2">Member account</Title>
      {member.isPending && <PageLoader />}
      {member.isError && <Alert color="red" role="alert">{member.error.message}</Alert>}
      {member.data && (
        <>
          <Text>{member.data.name}</Text>
          <TwoFactorReset id={member.data._id} name={member.data.name} />
        </>
      )}
    </Stack>
  );
}

function TwoFactorReset({ id, name }: { id: string; name: string }) {
  const confirm = useConfirm();
  const [done, setDone] = useState<string | null>(null);
  const { busy, message, submit } = useSubmit('Could not reset two-factor sign-in. Please try again.');
  const onReset = submit(async () => {
    const yes = await confirm({
      title: 'Reset two-factor',
      message: `Turn off two-factor sign-in for ${name}? They will be signed out everywhere and told by email.`,
      confirmLabel: 'Reset two-factor',
    });
    if (yes) setDone((await resetMemberTwoFactor(id)).msg);
  });
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="reset-two-factor-title">
      <Stack gap="xs" align="flex-start">
        <Title order={2} size="h4" id="reset-two-factor-title">Two-factor sign-in</Title>
        <Text size="sm">
          For a member who lost their phone and their recovery codes, or whose account someone else protected: their
          second factor is removed, their sessions end, and they are told by email. The action is recorded in the audit log.
        </Text>
        {message && <Alert color="red" role="alert">{message}</Alert>}
        {done && <Text size="sm" role="status">{done}</Text>}
        <Button color="red" variant="light" loading={busy} onClick={() => onReset()}>Reset two-factor</Button>
      </Stack>
    </Paper>
  );
}
