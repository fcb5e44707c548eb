// "Documents" on a consultation case: scoring sheets, handouts, de-identified letters that members
// share for the discussion, and the files attached to its comments. Each file is attached to the case as soon as it has
// uploaded; only the group's members can list or open them.
import { Stack, Text, Title } from '@mantine/core';
import { defineMessages, useIntl } from 'react-intl';
import { AttachedDocuments } from '../../components/files/AttachedDocuments.tsx';

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

// Under the groups' key, so any write about groups (a comment with files) asks for the list again.
const filesKey = (caseId: string) => ['groups', 'case-files', caseId] as const;

export function CaseDocuments({ groupId, caseId }: { groupId: string; caseId: string }) {
  const intl = useIntl();
  const titleId = `case-${caseId}-documents`;
  const words = { title: intl.formatMessage(m.title), none: intl.formatMessage(m.none), upload: intl.formatMessage(m.upload) };
  return (
    <Stack component="section" aria-labelledby={titleId} gap="xs" mt="sm" pt="xs" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
      <div>
        <Title order={3} size="h5" id={titleId}>{words.title}</Title>
        <Text size="xs" c="gray.7">{intl.formatMessage(m.intro)}</Text>
      </div>
      <AttachedDocuments url={`/api/groups/${groupId}/cases/${caseId}/files`} queryKey={filesKey(caseId)} words={words} compact />
    </Stack>
  );
}
