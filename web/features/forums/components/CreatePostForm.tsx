import { Alert, Button, Group, Paper, Select, Stack, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { POST_LIMITS } from '../../../../common/posts.ts';
import { forumFindings, postText } from '../../../../common/privacy-check.ts';
import { PrivacyFindings } from '../../../components/PrivacyFindings.tsx';
import { usePrivacyCheck, withoutMentions } from '../../../lib/privacy-check.ts';
import { useSubmit } from '../../../lib/useSubmit.ts';
import { useCreatePost, useJoinedCommunities } from '../api.ts';
import { useIdentifyingQuestion } from '../useIdentifyingQuestion.ts';
import { IdentifyingQuestion } from './IdentifyingQuestion.tsx';
import { MentionTextarea } from './MentionTextarea.tsx';
import { TEXTS } from './texts.ts';

const m = defineMessages({
  failed: { id: 'forums.createPost.failed', defaultMessage: 'Failed to create post', description: 'A new post could not be sent and the server gave no reason (no final period, as the spec writes it).' },
  community: { id: 'forums.createPost.community', defaultMessage: 'Community', description: 'Field label: the community the new post goes to.' },
  noCommunity: { id: 'forums.createPost.noCommunity', defaultMessage: 'No community (general)', description: 'Placeholder of the community field: the post goes to no community.' },
  joinFirst: { id: 'forums.createPost.joinFirst', defaultMessage: 'Join a community to post in it', description: 'The community field\'s list is empty: the member has joined no community.' },
  submit: { id: 'forums.createPost.submit', defaultMessage: 'Post', description: 'Button: publish the new post.' },
});

type Props = { communityId?: string; onDone: () => void };

/** The spec: title and content required; a server message, otherwise 'Failed to create post'. */
export function CreatePostForm({ communityId, onDone }: Props) {
  const intl = useIntl();
  const create = useCreatePost();
  const joined = useJoinedCommunities();
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [chosen, setChosen] = useState<string | null>(null);
  const { busy, message, setMessage, submit } = useSubmit(intl.formatMessage(m.failed));
  const privacy = usePrivacyCheck(withoutMentions(postText(title, content)));
  const question = useIdentifyingQuestion();

  const send = (confirmDeidentified: boolean) => submit(async () => {
    if (!title.trim() || !content.trim()) return setMessage(intl.formatMessage(TEXTS.titleContentRequired));
    const sent = await question.send(postText(title, content), (confirmed) =>
      create.mutateAsync({ title, content, communityId: communityId ?? chosen, confirmDeidentified: confirmed }), confirmDeidentified);
    if (sent) onDone();
  });

  return (
    <Paper withBorder p="md" component="form" onSubmit={send(false)} noValidate aria-labelledby="create-post-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="create-post-title">{intl.formatMessage(TEXTS.createPost)}</Title>
        {message && <Alert color="red" role="alert">{message}</Alert>}
        <TextInput label={intl.formatMessage(TEXTS.title)} value={title} maxLength={POST_LIMITS.title} onChange={(e) => setTitle(e.currentTarget.value)} withAsterisk />
        <MentionTextarea
          label={intl.formatMessage(TEXTS.content)} description={intl.formatMessage(TEXTS.contentHelp)} value={content} autosize minRows={4} maxRows={14}
          maxLength={POST_LIMITS.content} onChange={setContent} withAsterisk
        />
        {question.refusal
          ? <IdentifyingQuestion refusal={question.refusal} busy={busy} onConfirm={send(true)} />
          : <PrivacyFindings findings={forumFindings(privacy.findings)} text={privacy.checkedText} subject="post" warnOnly />}
        {!communityId && (
          <Select
            label={intl.formatMessage(m.community)} placeholder={intl.formatMessage(m.noCommunity)} clearable value={chosen} onChange={setChosen}
            data={(joined.data ?? []).map((c) => ({ value: c._id, label: c.name }))}
            nothingFoundMessage={intl.formatMessage(m.joinFirst)}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>{intl.formatMessage(TEXTS.cancel)}</Button>
          <Button type="submit" loading={busy}>{intl.formatMessage(m.submit)}</Button>
        </Group>
      </Stack>
    </Paper>
  );
}
