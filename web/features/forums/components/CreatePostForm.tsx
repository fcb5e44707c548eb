import { Alert, Button, Group, Paper, Select, Stack, TextInput, Textarea, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { CREATE_POST_FAILED, POST_LIMITS, TITLE_CONTENT_REQUIRED } from '../../../../common/posts.ts';
import { ApiError } from '../../../lib/api.ts';
import { useCreatePost, useJoinedCommunities } from '../api.ts';

type Props = { communityId?: string; onDone: () => void };

/** The spec: title and content required; a server message, otherwise 'Failed to create post'. */
export function CreatePostForm({ communityId, onDone }: Props) {
  const create = useCreatePost();
  const joined = useJoinedCommunities();
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [chosen, setChosen] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim() || !content.trim()) return setError(TITLE_CONTENT_REQUIRED);
    setError(null);
    try {
      await create.mutateAsync({ title, content, communityId: communityId ?? chosen });
      onDone();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : CREATE_POST_FAILED);
    }
  };

  return (
    <Paper withBorder p="md" component="form" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="create-post-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="create-post-title">Create Post</Title>
        {error && <Alert color="red" role="alert">{error}</Alert>}
        <TextInput label="Title" value={title} maxLength={POST_LIMITS.title} onChange={(e) => setTitle(e.currentTarget.value)} withAsterisk />
        <Textarea
          label="Content" description="Markdown is supported." value={content} autosize minRows={4} maxRows={14}
          maxLength={POST_LIMITS.content} onChange={(e) => setContent(e.currentTarget.value)} withAsterisk
        />
        {!communityId && (
          <Select
            label="Community" placeholder="No community (general)" clearable value={chosen} onChange={setChosen}
            data={(joined.data ?? []).map((c) => ({ value: c._id, label: c.name }))}
            nothingFoundMessage="Join a community to post in it"
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>Cancel</Button>
          <Button type="submit" loading={create.isPending}>Post</Button>
        </Group>
      </Stack>
    </Paper>
  );
}
