// "Documents" on a consultation case (issues 33 and 34): scoring sheets, handouts, de-identified letters that members
// share for the discussion, and the files attached to its comments. Each file is attached to the case as soon as it has
// uploaded; only the group's members can list or open them.
import { MESSAGE_ATTACHMENTS_MAX, type FileInfo } from '../../../common/files.ts';
import { Alert, Button, FileButton, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { defineMessages, useIntl } from 'react-intl';
import { api } from '../../lib/api.ts';
import { ACCEPTED_TYPES } from '../../components/files/api.ts';
import { FileCard } from '../../components/files/FileCard.tsx';
import { UploadList } from '../../components/files/UploadList.tsx';
import { useUploads } from '../../components/files/useUploads.ts';

const m = defineMessages({
  title: {
    id: 'groups.documents.title', defaultMessage: 'Documents',
    description: 'Heading of the files shared on a consultation case; also the accessible name of their list.',
  },
  intro: {
    id: 'groups.documents.intro', defaultMessage: 'Scoring sheets, handouts and letters for the discussion. Only members of the group can see them; remove anything that identifies the client first.',
    description: 'Under the Documents heading of a case: what to share, who sees it (the group\'s members), and to de-identify files.',
  },
  none: { id: 'groups.documents.none', defaultMessage: 'No documents yet.', description: 'No file is shared on the case yet.' },
  upload: { id: 'groups.documents.upload', defaultMessage: 'Upload documents', description: 'Button: choose files to share on the case.' },
});

type Files = { files: FileInfo[] };
// Under the groups' key, so any write about groups (a comment with files) asks for the list again.
const filesKey = (caseId: string) => ['groups', 'case-files', caseId] as const;

export function CaseDocuments({ groupId, caseId }: { groupId: string; caseId: string }) {
  const intl = useIntl();
  const qc = useQueryClient();
  const url = `/api/groups/${groupId}/cases/${caseId}/files`;
  const list = useQuery({ queryKey: filesKey(caseId), queryFn: ({ signal }) => api<Files>(url, { signal }) });
  const uploads = useUploads({
    max: MESSAGE_ATTACHMENTS_MAX,
    onUploaded: async (file) => {
      qc.setQueryData(filesKey(caseId), await api<Files>(url, { method: 'POST', body: { fileIds: [file._id] } }));
    },
  });
  const files = list.data?.files ?? [];
  const titleId = `case-${caseId}-documents`;
  return (
    <Stack component="section" aria-labelledby={titleId} gap="xs" mt="sm" pt="xs" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
      <div>
        <Title order={3} size="h5" id={titleId}>{intl.formatMessage(m.title)}</Title>
        <Text size="xs" c="gray.7">{intl.formatMessage(m.intro)}</Text>
      </div>
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
        {(props) => <Button {...props} variant="light" size="xs" style={{ alignSelf: 'flex-start' }}>{intl.formatMessage(m.upload)}</Button>}
      </FileButton>
    </Stack>
  );
}
