import { Alert, Button, Group, Paper, Select, Stack, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { CREATE_POST_FAILED, POST_LIMITS, TITLE_CONTENT_REQUIRED } from '../../../../common/posts.ts';
import { forumFindings, postText } from '../../../../common/privacy-check.ts';
import { PrivacyFindings } from '../../../components/PrivacyFindings.tsx';
import { usePrivacyCheck, withoutMentions } from '../../../lib/privacy-check.ts';
import { useSubmit } from '../../../lib/useSubmit.ts';
import { useCreatePost, useJoinedCommunities } from '../api.ts';
import { useIdentifyingQuestion } from '../useIdentifyingQuestion.ts';
import { IdentifyingQuestion } from './IdentifyingQuestion.tsx';
import { MentionTextarea } from './MentionTextarea.tsx';

type Props = { communityId?: string; onDone: () => void };

/** The spec: title and content required; a server message, otherwise 'Failed to create post'. */
export function CreatePostForm({ communityId, onDone }: Props) {
  const create = useCreatePost();
  const joined = useJoinedCommunities();
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [chosen, setChosen] = useState<string | null>(null);
  const { busy, message, setMessage, submit } = useSubmit(CREATE_POST_FAILED);
  const privacy = usePrivacyCheck(withoutMentions(postText(title, content)));
  const question = useIdentifyingQuestion();

  const send = (confirmDeidentified: boolean) => submit(async () => {
    if (!title.trim() || !content.trim()) return setMessage(TITLE_CONTENT_REQUIRED);
    const sent = await question.send(postText(title, content), (confirmed) =>
      create.mutateAsync({ title, content, communityId: communityId ?? chosen, confirmDeidentified: confirmed }), confirmDeidentified);
    if (sent) onDone();
  });

  return (
    <Paper withBorder p="md" component="form" onSubmit={send(false)} noValidate aria-labelledby="create-post-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="create-post-title">Create Post</Title>
        {message && <Alert color="red" role="alert">{message}</Alert>}
        <TextInput label="Title" value={title} maxLength={POST_LIMITS.title} onChange={(e) => setTitle(e.currentTarget.value)} withAsterisk />
        <MentionTextarea
          label="Content" description="Markdown is supported. Type @ to mention a member." value={content} autosize minRows={4} maxRows={14}
          maxLength={POST_LIMITS.content} onChange={setContent} withAsterisk
        />
        {question.refusal
          ? <IdentifyingQuestion refusal={question.refusal} busy={busy} onConfirm={send(true)} />
          : <PrivacyFindings findings={forumFindings(privacy.findings)} text={privacy.checkedText} subject="post" warnOnly />}
        {!communityId && (
          <Select
            label="Community" placeholder="No community (general)" clearable value={chosen} onChange={setChosen}
            data={(joined.data ?? []).map((c) => ({ value: c._id, label: c.name }))}
            nothingFoundMessage="Join a community to post in it"
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>Cancel</Button>
          <Button type="submit" loading={busy}>Post</Button>
        </Group>
      </Stack>
    </Paper>
  );
}
