import { Alert, Button, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { useParams } from 'react-router';
import { PageLoader } from '../../components/PageLoader.tsx';
import { useConfirm } from '../../components/useConfirm.tsx';
import { withValues } from '../../lib/messages.ts';
import { useSubmit } from '../../lib/useSubmit.ts';
import { AdminNav } from './AdminNav.tsx';
import { resetMemberTwoFactor, useLegalHold, useMemberForAdmin, useSetLegalHold } from './api.ts';

const m = withValues(defineMessages({
  title: { id: 'admin.member.title', defaultMessage: 'Member account', description: 'Title of the admin screen acting on one member\'s account.' },
  resetFailed: { id: 'admin.member.resetFailed', defaultMessage: 'Could not reset two-factor sign-in. Please try again.', description: 'Resetting the member\'s two-factor sign-in failed and the server gave no reason.' },
  resetTitle: { id: 'admin.member.resetTitle', defaultMessage: 'Reset two-factor', description: 'Title of the question asked before the reset, and its confirm button, and the reset button.' },
  resetQuestion: { id: 'admin.member.resetQuestion', defaultMessage: 'Turn off two-factor sign-in for {name}? They will be signed out everywhere and told by email.', description: 'Question asked before resetting a member\'s two-factor sign-in.' },
  twoFactor: { id: 'admin.member.twoFactor', defaultMessage: 'Two-factor sign-in', description: 'Heading of the two-factor reset section.' },
  twoFactorHelp: { id: 'admin.member.twoFactorHelp', defaultMessage: 'For a member who lost their phone and their recovery codes, or whose account someone else protected: their second factor is removed, their sessions end, and they are told by email. The action is recorded in the audit log.', description: 'What the two-factor reset is for and what it does.' },
  holdFailed: { id: 'admin.member.holdFailed', defaultMessage: 'Could not change the legal hold. Please try again.', description: 'Placing or releasing the legal hold failed and the server gave no reason.' },
  legalHold: { id: 'admin.member.legalHold', defaultMessage: 'Legal hold', description: 'Heading of the legal hold section: keeping a member\'s records from the retention purge.' },
  legalHoldHelp: { id: 'admin.member.legalHoldHelp', defaultMessage: 'While on hold, nothing of this member\'s is deleted by retention: their messages and every conversation they are in, referrals, notifications, data exports and sessions. Only administrators see it; each change is recorded in the audit log.', description: 'What a legal hold does.' },
  onHold: { id: 'admin.member.onHold', defaultMessage: '{name} is on legal hold since {date}.', description: 'The member is on legal hold since {date}.' },
  onHoldBy: { id: 'admin.member.onHoldBy', defaultMessage: '{name} is on legal hold since {date}, set by {by}.', description: 'The member is on legal hold since {date}, placed by the administrator {by}.' },
  reason: { id: 'admin.member.reason', defaultMessage: 'Reason: {reason}', description: 'The reason given for the legal hold.' },
  release: { id: 'admin.member.release', defaultMessage: 'Release legal hold', description: 'Button: end the legal hold.' },
  placeForm: { id: 'admin.member.placeForm', defaultMessage: 'Place a legal hold', description: 'Accessible name of the form placing a legal hold.' },
  notOnHold: { id: 'admin.member.notOnHold', defaultMessage: '{name} is not on legal hold.', description: 'The member is not on legal hold.' },
  holdReason: { id: 'admin.member.holdReason', defaultMessage: 'Reason for the hold', description: 'Label of the reason for a legal hold.' },
  holdReasonHelp: { id: 'admin.member.holdReasonHelp', defaultMessage: 'A case or request reference; administrators alone see it.', description: 'Under the reason for a legal hold.' },
  place: { id: 'admin.member.place', defaultMessage: 'Place legal hold', description: 'Button: place the legal hold.' },
}));

/** /admin/users/{id}: what an administrator may do to a member's account, reached from the member's profile. */
export default function MemberAccountPage() {
  const intl = useIntl();
  const { id = '' } = useParams();
  const member = useMemberForAdmin(id);
  return (
    <Stack gap="md">
      <AdminNav />
      <Title order={1} size="h2">{intl.formatMessage(m.title)}</Title>
      {member.isPending && <PageLoader />}
      {member.isError && <Alert color="red" role="alert">{member.error.message}</Alert>}
      {member.data && (
        <>
          <Text>{member.data.name}</Text>
          <TwoFactorReset id={member.data._id} name={member.data.name} />
          <LegalHoldControl id={member.data._id} name={member.data.name} />
        </>
      )}
    </Stack>
  );
}

function TwoFactorReset({ id, name }: { id: string; name: string }) {
  const intl = useIntl();
  const confirm = useConfirm();
  const [done, setDone] = useState<string | null>(null);
  const { busy, message, submit } = useSubmit(intl.formatMessage(m.resetFailed));
  const onReset = submit(async () => {
    const yes = await confirm({
      title: intl.formatMessage(m.resetTitle),
      message: intl.formatMessage(m.resetQuestion, { name }),
      confirmLabel: intl.formatMessage(m.resetTitle),
    });
    if (yes) setDone((await resetMemberTwoFactor(id)).msg);
  });
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="reset-two-factor-title">
      <Stack gap="xs" align="flex-start">
        <Title order={2} size="h4" id="reset-two-factor-title">{intl.formatMessage(m.twoFactor)}</Title>
        <Text size="sm">{intl.formatMessage(m.twoFactorHelp)}</Text>
        {message && <Alert color="red" role="alert">{message}</Alert>}
        {done && <Text size="sm" role="status">{done}</Text>}
        <Button color="red" variant="light" loading={busy} onClick={() => onReset()}>{intl.formatMessage(m.resetTitle)}</Button>
      </Stack>
    </Paper>
  );
}

/** Placing a member under legal hold keeps everything of theirs the daily retention purge would otherwise delete. */
function LegalHoldControl({ id, name }: { id: string; name: string }) {
  const intl = useIntl();
  const hold = useLegalHold(id);
  const change = useSetLegalHold(id);
  const [reason, setReason] = useState('');
  const { busy, message, submit } = useSubmit(intl.formatMessage(m.holdFailed));
  const onPlace = submit(async () => {
    await change.mutateAsync({ on: true, reason });
    setReason('');
  });
  const onRelease = submit(async () => void await change.mutateAsync({ on: false }));
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="legal-hold-title">
      <Stack gap="xs" align="flex-start">
        <Title order={2} size="h4" id="legal-hold-title">{intl.formatMessage(m.legalHold)}</Title>
        <Text size="sm">{intl.formatMessage(m.legalHoldHelp)}</Text>
        {hold.isError && <Alert color="red" role="alert">{hold.error.message}</Alert>}
        {message && <Alert color="red" role="alert">{message}</Alert>}
        {hold.data?.on && (
          <>
            <Text size="sm" role="status">
              {hold.data.by
                ? intl.formatMessage(m.onHoldBy, { name, date: intl.formatDate(hold.data.at ?? ''), by: hold.data.by.name })
                : intl.formatMessage(m.onHold, { name, date: intl.formatDate(hold.data.at ?? '') })}
            </Text>
            <Text size="sm">{intl.formatMessage(m.reason, { reason: hold.data.reason })}</Text>
            <Button variant="light" loading={busy} onClick={() => onRelease()}>{intl.formatMessage(m.release)}</Button>
          </>
        )}
        {hold.data && !hold.data.on && (
          <Stack gap="xs" component="form" onSubmit={onPlace} w="100%" align="flex-start" aria-label={intl.formatMessage(m.placeForm)}>
            <Text size="sm" role="status">{intl.formatMessage(m.notOnHold, { name })}</Text>
            <Textarea label={intl.formatMessage(m.holdReason)} description={intl.formatMessage(m.holdReasonHelp)} w="100%" maxLength={500}
              required value={reason} onChange={(e) => setReason(e.currentTarget.value)} autosize minRows={2} />
            <Button type="submit" color="red" variant="light" loading={busy}>{intl.formatMessage(m.place)}</Button>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
