import { Alert, Button, Group, Paper, Stack, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { POST_LIMITS, TITLE_CONTENT_REQUIRED, type Post } from '../../../../common/posts.ts';
import { useSubmit } from '../../../lib/useSubmit.ts';
import { useEditPost } from '../api.ts';
import { MentionTextarea } from './MentionTextarea.tsx';

const EDIT_POST_FAILED = 'Failed to save the post.';

/** The author's (or an administrator's) edit of a post: the same fields and limits as creating it. */
export function EditPostForm({ post, onDone }: { post: Post; onDone: () => void }) {
  const edit = useEditPost();
  const [title, setTitle] = useState(post.title);
  const [content, setContent] = useState(post.content);
  const { busy, message, setMessage, submit } = useSubmit(EDIT_POST_FAILED);

  const onSubmit = submit(async () => {
    if (!title.trim() || !content.trim()) return setMessage(TITLE_CONTENT_REQUIRED);
    await edit.mutateAsync({ id: post._id, title, content });
    onDone();
  });

  return (
    <Paper withBorder p="md" component="form" onSubmit={onSubmit} noValidate aria-labelledby="edit-post-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="edit-post-title">Edit post</Title>
        {message && <Alert color="red" role="alert">{message}</Alert>}
        {/* eslint-disable-next-line jsx-a11y/no-autofocus -- focus follows the person's own action (Edit), not a page load */}
        <TextInput label="Title" value={title} maxLength={POST_LIMITS.title} onChange={(e) => setTitle(e.currentTarget.value)} withAsterisk autoFocus />
        <MentionTextarea
          label="Content" description="Markdown is supported. Type @ to mention a member." value={content} autosize minRows={4} maxRows={14}
          maxLength={POST_LIMITS.content} onChange={setContent} withAsterisk
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>Cancel</Button>
          <Button type="submit" loading={busy}>Save</Button>
        </Group>
      </Stack>
    </Paper>
  );
}
