import { Button, Group, Stack, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { COMMENT_REQUIRED, POST_LIMITS } from '../../../../common/posts.ts';

type Props = { label: string; submitLabel: string; onSubmit: (content: string) => Promise<unknown>; onCancel?: () => void; autoFocus?: boolean };

/** A comment or a reply: blank is never sent. */
export function CommentForm({ label, submitLabel, onSubmit, onCancel, autoFocus }: Props) {
  const [content, setContent] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!content.trim()) return setError(COMMENT_REQUIRED);
    setError(null);
    setBusy(true);
    try {
      await onSubmit(content);
      setContent('');
    } catch {
      // The spec: failed comments and replies are logged only (the mutation logs them).
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="xs">
        <Textarea
          label={label} placeholder="Write a comment..." autosize minRows={2} maxRows={10} value={content} required
          maxLength={POST_LIMITS.comment} error={error} autoFocus={autoFocus} onChange={(e) => setContent(e.currentTarget.value)}
        />
        <Group gap="xs" justify="flex-end">
          {onCancel && <Button variant="default" size="xs" onClick={onCancel}>Cancel</Button>}
          <Button type="submit" size="xs" loading={busy}>{submitLabel}</Button>
        </Group>
      </Stack>
    </form>
  );
}
