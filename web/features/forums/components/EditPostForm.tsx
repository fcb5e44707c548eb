import { Alert, Button, Group, Paper, Stack, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { POST_LIMITS, TITLE_CONTENT_REQUIRED, type Post } from '../../../../common/posts.ts';
import { postText } from '../../../../common/privacy-check.ts';
import { useSubmit } from '../../../lib/useSubmit.ts';
import { useEditPost } from '../api.ts';
import { useIdentifyingQuestion } from '../useIdentifyingQuestion.ts';
import { IdentifyingQuestion } from './IdentifyingQuestion.tsx';
import { MentionTextarea } from './MentionTextarea.tsx';

const EDIT_POST_FAILED = 'Failed to save the post.';

/** The author's (or an administrator's) edit of a post: the same fields and limits as creating it. */
export function EditPostForm({ post, onDone }: { post: Post; onDone: () => void }) {
  const edit = useEditPost();
  const [title, setTitle] = useState(post.title);
  const [content, setContent] = useState(post.content);
  const { busy, message, setMessage, submit } = useSubmit(EDIT_POST_FAILED);
  const question = useIdentifyingQuestion();

  const send = (confirmDeidentified: boolean) => submit(async () => {
    if (!title.trim() || !content.trim()) return setMessage(TITLE_CONTENT_REQUIRED);
    const saved = await question.send(postText(title, content), (confirmed) =>
      edit.mutateAsync({ id: post._id, title, content, confirmDeidentified: confirmed }), confirmDeidentified);
    if (saved) onDone();
  });

  return (
    <Paper withBorder p="md" component="form" onSubmit={send(false)} noValidate aria-labelledby="edit-post-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="edit-post-title">Edit post</Title>
        {message && <Alert color="red" role="alert">{message}</Alert>}
        {/* eslint-disable-next-line jsx-a11y/no-autofocus -- focus follows the person's own action (Edit), not a page load */}
        <TextInput label="Title" value={title} maxLength={POST_LIMITS.title} onChange={(e) => setTitle(e.currentTarget.value)} withAsterisk autoFocus />
        <MentionTextarea
          label="Content" description="Markdown is supported. Type @ to mention a member." value={content} autosize minRows={4} maxRows={14}
          maxLength={POST_LIMITS.content} onChange={setContent} withAsterisk
        />
        {question.refusal && <IdentifyingQuestion refusal={question.refusal} busy={busy} onConfirm={send(true)} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>Cancel</Button>
          <Button type="submit" loading={busy}>Save</Button>
        </Group>
      </Stack>
    </Paper>
  );
}
