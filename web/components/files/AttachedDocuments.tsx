// The documents attached to one thing that two or more colleagues share (an accepted referral, a consultation case):
// their list, the uploads under way, and the button that adds more. Each file is attached (POST to `url`) as soon as
// it has uploaded. The heading and the words are the feature's; the list is named by the heading's text.
import { Alert, Button, FileButton, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MESSAGE_ATTACHMENTS_MAX, type FileInfo } from '../../../common/files.ts';
import { api } from '../../lib/api.ts';
import { ACCEPTED_TYPES } from './api.ts';
import { FileCard } from './FileCard.tsx';
import { UploadList } from './UploadList.tsx';
import { useUploads } from './useUploads.ts';

type Files = { files: FileInfo[] };
export type DocumentsWords = { title: string; none: string; upload: string };

/** `compact`: inside a smaller block (a case among others), with tighter spacing and a smaller button. */
export function AttachedDocuments({ url, queryKey, words, compact = false }: {
  url: string; queryKey: readonly unknown[]; words: DocumentsWords; compact?: boolean;
}) {
  const qc = useQueryClient();
  const list = useQuery({ queryKey, queryFn: ({ signal }) => api<Files>(url, { signal }) });
  const uploads = useUploads({
    max: MESSAGE_ATTACHMENTS_MAX,
    onUploaded: async (file) => {
      qc.setQueryData(queryKey, await api<Files>(url, { method: 'POST', body: { fileIds: [file._id] } }));
    },
  });
  const files = list.data?.files ?? [];
  return (
    <Stack gap={compact ? 'xs' : 'sm'}>
      {list.isError && <Alert color="red" role="alert">{list.error.message}</Alert>}
      {list.isSuccess && files.length === 0 && <Text size="sm" c="gray.7">{words.none}</Text>}
      {files.length > 0 && (
        <Stack gap="xs" component="ul" aria-label={words.title} m={0} p={0} style={{ listStyle: 'none' }}>
          {files.map((f) => <li key={f._id}><FileCard file={f} /></li>)}
        </Stack>
      )}
      <UploadList uploads={uploads.uploads} onRemove={uploads.remove} />
      {uploads.notice && <Text size="sm" c="red.8" role="alert">{uploads.notice}</Text>}
      <FileButton multiple accept={ACCEPTED_TYPES} onChange={uploads.add}>
        {(props) => <Button {...props} variant="light" size={compact ? 'xs' : 'sm'} style={{ alignSelf: 'flex-start' }}>{words.upload}</Button>}
      </FileButton>
    </Stack>
  );
}
