import { Alert, Button, Group, Paper, Stack, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { POST_LIMITS, type Post } from '../../../../common/posts.ts';
import { postText } from '../../../../common/privacy-check.ts';
import { useSubmit } from '../../../lib/useSubmit.ts';
import { useEditPost } from '../api.ts';
import { useIdentifyingQuestion } from '../useIdentifyingQuestion.ts';
import { IdentifyingQuestion } from './IdentifyingQuestion.tsx';
import { MentionTextarea } from './MentionTextarea.tsx';
import { TEXTS } from './texts.ts';

const m = defineMessages({
  failed: { id: 'forums.editPost.failed', defaultMessage: 'Failed to save the post.', description: 'An edited post could not be saved and the server gave no reason.' },
  title: { id: 'forums.editPost.title', defaultMessage: 'Edit post', description: 'Heading of the form editing a post; also the button that opens it.' },
});

/** The author's (or an administrator's) edit of a post: the same fields and limits as creating it. */
export function EditPostForm({ post, onDone }: { post: Post; onDone: () => void }) {
  const intl = useIntl();
  const edit = useEditPost();
  const [title, setTitle] = useState(post.title);
  const [content, setContent] = useState(post.content);
  const { busy, message, setMessage, submit } = useSubmit(intl.formatMessage(m.failed));
  const question = useIdentifyingQuestion();

  const send = (confirmDeidentified: boolean) => submit(async () => {
    if (!title.trim() || !content.trim()) return setMessage(intl.formatMessage(TEXTS.titleContentRequired));
    const saved = await question.send(postText(title, content), (confirmed) =>
      edit.mutateAsync({ id: post._id, title, content, confirmDeidentified: confirmed }), confirmDeidentified);
    if (saved) onDone();
  });

  return (
    <Paper withBorder p="md" component="form" onSubmit={send(false)} noValidate aria-labelledby="edit-post-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="edit-post-title">{intl.formatMessage(m.title)}</Title>
        {message && <Alert color="red" role="alert">{message}</Alert>}
        {/* eslint-disable-next-line jsx-a11y/no-autofocus -- focus follows the person's own action (Edit), not a page load */}
        <TextInput label={intl.formatMessage(TEXTS.title)} value={title} maxLength={POST_LIMITS.title} onChange={(e) => setTitle(e.currentTarget.value)} withAsterisk autoFocus />
        <MentionTextarea
          label={intl.formatMessage(TEXTS.content)} description={intl.formatMessage(TEXTS.contentHelp)} value={content} autosize minRows={4} maxRows={14}
          maxLength={POST_LIMITS.content} onChange={setContent} withAsterisk
        />
        {question.refusal && <IdentifyingQuestion refusal={question.refusal} busy={busy} onConfirm={send(true)} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>{intl.formatMessage(TEXTS.cancel)}</Button>
          <Button type="submit" loading={busy}>{intl.formatMessage(TEXTS.save)}</Button>
        </Group>
      </Stack>
    </Paper>
  );
}
