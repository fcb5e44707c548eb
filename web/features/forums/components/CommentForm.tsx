import { Button, Group, Stack } from '@mantine/core';
import { useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { POST_LIMITS } from '../../../../common/posts.ts';
import { forumFindings } from '../../../../common/privacy-check.ts';
import { PrivacyFindings } from '../../../components/PrivacyFindings.tsx';
import { usePrivacyCheck, withoutMentions } from '../../../lib/privacy-check.ts';
import { useSubmit, type Failure } from '../../../lib/useSubmit.ts';
import { useIdentifyingQuestion } from '../useIdentifyingQuestion.ts';
import { IdentifyingQuestion } from './IdentifyingQuestion.tsx';
import { MentionTextarea } from './MentionTextarea.tsx';
import { TEXTS } from './texts.ts';

const m = defineMessages({
  placeholder: { id: 'forums.comments.placeholder', defaultMessage: 'Write a comment...', description: 'Placeholder of the comment (or reply) field.' },
  help: { id: 'forums.comments.help', defaultMessage: 'Type @ to mention a member.', description: 'Help under the comment (or reply) field.' },
  required: { id: 'forums.comments.required', defaultMessage: 'Comment is required.', description: 'A blank comment was submitted.' },
});

type Props = {
  label: string;
  submitLabel: string;
  /** `confirmDeidentified`: the writer answered the server's question (IdentifyingQuestion) and sends again. */
  onSubmit: (content: string, confirmDeidentified: boolean) => Promise<unknown>;
  /** What a failed send says; without it the failure is only logged (the spec's rule for replies). */
  failure?: Failure;
  onCancel?: () => void;
  /** A reply form opens because the person pressed Reply: the caret goes there. */
  focusOnOpen?: boolean;
  /** Editing: the comment's text as it is. */
  initialContent?: string;
};

const loggedOnly: Failure = () => null;

/** A comment or a reply: blank is never sent. */
export function CommentForm({ label, submitLabel, onSubmit, failure = loggedOnly, onCancel, focusOnOpen, initialContent = '' }: Props) {
  const intl = useIntl();
  const [content, setContent] = useState(initialContent);
  const { busy, message, setMessage, submit } = useSubmit(failure);
  const privacy = usePrivacyCheck(withoutMentions(content));
  const question = useIdentifyingQuestion();

  const send = (confirmDeidentified: boolean) => submit(async () => {
    if (!content.trim()) return setMessage(intl.formatMessage(m.required));
    if (await question.send(content, (confirmed) => onSubmit(content, confirmed), confirmDeidentified)) setContent('');
  });

  return (
    <form onSubmit={send(false)} noValidate>
      <Stack gap="xs">
        <MentionTextarea
          label={label} placeholder={intl.formatMessage(m.placeholder)} description={intl.formatMessage(m.help)} autosize minRows={2} maxRows={10} value={content} required
          maxLength={POST_LIMITS.comment} error={message} errorProps={{ role: 'alert' }}
          // eslint-disable-next-line jsx-a11y/no-autofocus -- focus follows the person's own action (Reply), not a page load
          autoFocus={focusOnOpen}
          onChange={setContent}
        />
        {question.refusal
          ? <IdentifyingQuestion refusal={question.refusal} busy={busy} onConfirm={send(true)} />
          : <PrivacyFindings findings={forumFindings(privacy.findings)} text={privacy.checkedText} subject="comment" warnOnly />}
        <Group gap="xs" justify="flex-end">
          {onCancel && <Button variant="default" size="xs" onClick={onCancel}>{intl.formatMessage(TEXTS.cancel)}</Button>}
          <Button type="submit" size="xs" loading={busy}>{submitLabel}</Button>
        </Group>
      </Stack>
    </form>
  );
}
