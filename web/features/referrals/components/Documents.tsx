// "Documents" on an accepted referral: what the sender and the accepting colleague share for the hand-off (a release
// of information, an intake summary). Each file is attached to the referral as soon as it has uploaded.
import { Paper, Text, Title } from '@mantine/core';
import { defineMessages, useIntl } from 'react-intl';
import { withValues } from '../../../lib/messages.ts';
import type { Referral } from '../../../../common/referrals.ts';
import { AttachedDocuments } from '../../../components/files/AttachedDocuments.tsx';

const m = withValues(defineMessages({
  title: { id: 'referrals.documents.title', defaultMessage: 'Documents', description: 'Heading of the files shared on an accepted referral; also the accessible name of their list.' },
  intro: { id: 'referrals.documents.intro', defaultMessage: 'Forms, summaries and letters for the hand-off. Only the two of you can see them.', description: 'Under the Documents heading: what to share, and who sees it (the sender and the accepting colleague).' },
  none: { id: 'referrals.documents.none', defaultMessage: 'No documents yet.', description: 'No file is shared on the referral yet.' },
  upload: { id: 'referrals.documents.upload', defaultMessage: 'Upload documents', description: 'Button: choose files to share on the referral.' },
}));

const filesKey = (id: string) => ['referrals', 'files', id] as const;

/** Shown once a colleague has accepted: only the sender and the accepting recipient see the referral's files. */
export const sharesDocuments = (r: Referral) => r.recipients.some((x) => x.response === 'accepted');

export function Documents({ referral }: { referral: Referral }) {
  const intl = useIntl();
  const words = { title: intl.formatMessage(m.title), none: intl.formatMessage(m.none), upload: intl.formatMessage(m.upload) };
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="documents-title">
      <Title order={2} size="h4" id="documents-title" mb={4}>{words.title}</Title>
      <Text size="sm" c="gray.7" mb="sm">{intl.formatMessage(m.intro)}</Text>
      <AttachedDocuments url={`/api/referrals/${referral._id}/files`} queryKey={filesKey(referral._id)} words={words} />
    </Paper>
  );
}
