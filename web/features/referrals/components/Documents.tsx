// "Documents" on an accepted referral: what the sender and the accepting colleague share for the hand-off (a release
// of information, an intake summary). Each file is attached to the referral as soon as it has uploaded.
import { MESSAGE_ATTACHMENTS_MAX, type FileInfo } from '../../../../common/files.ts';
import { Alert, Button, FileButton, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { defineMessages, useIntl } from 'react-intl';
import { withValues } from '../../../lib/messages.ts';
import type { Referral } from '../../../../common/referrals.ts';
import { api } from '../../../lib/api.ts';
import { ACCEPTED_TYPES } from '../../../components/files/api.ts';
import { FileCard } from '../../../components/files/FileCard.tsx';
import { UploadList } from '../../../components/files/UploadList.tsx';
import { useUploads } from '../../../components/files/useUploads.ts';

const m = withValues(defineMessages({
  title: { id: 'referrals.documents.title', defaultMessage: 'Documents', description: 'Heading of the files shared on an accepted referral; also the accessible name of their list.' },
  intro: { id: 'referrals.documents.intro', defaultMessage: 'Forms, summaries and letters for the hand-off. Only the two of you can see them.', description: 'Under the Documents heading: what to share, and who sees it (the sender and the accepting colleague).' },
  none: { id: 'referrals.documents.none', defaultMessage: 'No documents yet.', description: 'No file is shared on the referral yet.' },
  upload: { id: 'referrals.documents.upload', defaultMessage: 'Upload documents', description: 'Button: choose files to share on the referral.' },
}));

type Files = { files: FileInfo[] };
const filesKey = (id: string) => ['referrals', 'files', id] as const;

/** Shown once a colleague has accepted: only the sender and the accepting recipient see the referral's files. */
export const sharesDocuments = (r: Referral) => r.recipients.some((x) => x.response === 'accepted');

export function Documents({ referral }: { referral: Referral }) {
  const intl = useIntl();
  const qc = useQueryClient();
  const url = `/api/referrals/${referral._id}/files`;
  const list = useQuery({ queryKey: filesKey(referral._id), queryFn: ({ signal }) => api<Files>(url, { signal }) });
  const uploads = useUploads({
    max: MESSAGE_ATTACHMENTS_MAX,
    onUploaded: async (file) => {
      qc.setQueryData(filesKey(referral._id), await api<Files>(url, { method: 'POST', body: { fileIds: [file._id] } }));
    },
  });
  const files = list.data?.files ?? [];
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="documents-title">
      <Title order={2} size="h4" id="documents-title" mb={4}>{intl.formatMessage(m.title)}</Title>
      <Text size="sm" c="gray.7" mb="sm">{intl.formatMessage(m.intro)}</Text>
      <Stack gap="sm">
        {list.isError && <Alert color="red" role="alert">{list.error.message}</Alert>}
        {list.isSuccess && files.length === 0 && <Text size="sm" c="gray.7">{intl.formatMessage(m.none)}</Text>}
        {files.length > 0 && (
          <Stack gap="xs" component="ul" aria-label={intl.formatMessage(m.title)} m={0} p={0} style={{ listStyle: 'none' }}>
            {files.map((f) => <li key={f._id}><FileCard file={f} /></li>)}
          </Stack>
        )}
        <UploadList uploads={uploads.uploads} onRemove={uploads.remove} />
        {uploads.notice && <Text size="sm" c="red.8" role="alert">{uploads.notice}</Text>}
        <FileButton multiple accept={ACCEPTED_TYPES} onChange={uploads.add}>
          {(props) => <Button {...props} variant="light" size="sm" style={{ alignSelf: 'flex-start' }}>{intl.formatMessage(m.upload)}</Button>}
        </FileButton>
      </Stack>
    </Paper>
  );
}
