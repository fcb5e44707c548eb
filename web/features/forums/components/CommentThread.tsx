import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { useLocation } from 'react-router';
import { withValues } from '../../../lib/messages.ts';
import { useConfirm } from '../../../components/useConfirm.tsx';
import { isAdmin, isVerified, useSession } from '../../../lib/session.tsx';
import { serverMessageOr } from '../../../lib/useSubmit.ts';
import { useCommentActions, useComments } from '../api.ts';
import { buildTree } from '../tree.ts';
import { CommentForm } from './CommentForm.tsx';
import { CommentItem } from './CommentItem.tsx';
import { TEXTS } from './texts.ts';

const m = withValues(defineMessages({
  deleteTitle: { id: 'forums.comments.deleteTitle', defaultMessage: 'Delete comments', description: 'Title of the confirmation before an administrator deletes the selected comments.' },
  confirmBulkDelete: { id: 'forums.comments.confirmBulkDelete', defaultMessage: '{count, plural, one {Are you sure you want to delete # comment?} other {Are you sure you want to delete # comments?}}', description: 'Confirmation before an administrator deletes the {count} selected comments.' },
  title: { id: 'forums.comments.title', defaultMessage: 'Comments ({count})', description: 'Heading of a post\'s comments, with how many there are.' },
  add: { id: 'forums.comments.add', defaultMessage: 'Add a comment', description: 'Label of the field for a new comment on the post.' },
  submit: { id: 'forums.comments.submit', defaultMessage: 'Comment', description: 'Button: send the new comment.' },
  failed: { id: 'forums.comments.failed', defaultMessage: 'Failed to add comment.', description: 'A new comment could not be sent and the server gave no reason.' },
  deleteSelected: { id: 'forums.comments.deleteSelected', defaultMessage: 'Delete selected ({count})', description: 'Button (administrators): delete the {count} selected comments.' },
  clearSelection: { id: 'forums.comments.clearSelection', defaultMessage: 'Clear selection', description: 'Button (administrators): unselect every selected comment.' },
  loading: { id: 'forums.comments.loading', defaultMessage: 'Loading comments...', description: 'Shown while a post\'s comments load.' },
  loadFailed: { id: 'forums.comments.loadFailed', defaultMessage: 'Comments could not be loaded.', description: 'A post\'s comments failed to load.' },
  none: { id: 'forums.comments.none', defaultMessage: 'No comments yet.', description: 'A post has no comments.' },
  loadMore: { id: 'forums.comments.loadMore', defaultMessage: 'Load more comments', description: 'Button: load the next page of comments.' },
}));

/** The post page's comments: a form, the tree, and for administrators selection and bulk delete. */
export function CommentThread({ postId, count }: { postId: string; count: number }) {
  const { user } = useSession();
  const intl = useIntl();
  const comments = useComments(postId);
  const actions = useCommentActions(postId);
  const confirm = useConfirm();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const flat = useMemo(() => comments.data?.pages.flatMap((p) => p.comments) ?? [], [comments.data]);
  const tree = useMemo(() => buildTree(flat), [flat]);
  useScrollToComment(comments.isSuccess);

  const onSelect = (id: string, on: boolean) => setSelected((prev) => {
    const next = new Set(prev);
    if (on) next.add(id); else next.delete(id);
    return next;
  });
  const bulkDelete = async () => {
    const ids = [...selected];
    if (!ids.length) return;
    if (!(await confirm({ title: intl.formatMessage(m.deleteTitle), message: intl.formatMessage(m.confirmBulkDelete, { count: ids.length }), confirmLabel: intl.formatMessage(TEXTS.delete) }))) return;
    actions.removeMany.mutate(ids, { onSuccess: () => setSelected(new Set()) });
  };

  return (
    <Stack component="section" gap="md" aria-labelledby="comments-title">
      <Title order={2} size="h4" id="comments-title">{intl.formatMessage(m.title, { count })}</Title>
      {isVerified(user) && (
        <CommentForm label={intl.formatMessage(m.add)} submitLabel={intl.formatMessage(m.submit)} failure={serverMessageOr(intl.formatMessage(m.failed))}
          onSubmit={(content, confirmDeidentified) => actions.add.mutateAsync({ content, confirmDeidentified })} />
      )}
      {isAdmin(user) && (
        <Group gap="xs">
          <Button color="red.9" size="xs" disabled={!selected.size} loading={actions.removeMany.isPending} onClick={() => void bulkDelete()}>
            {intl.formatMessage(m.deleteSelected, { count: selected.size })}
          </Button>
          {selected.size > 0 && <Button variant="default" size="xs" onClick={() => setSelected(new Set())}>{intl.formatMessage(m.clearSelection)}</Button>}
        </Group>
      )}
      {comments.isPending ? <Text c="dimmed">{intl.formatMessage(m.loading)}</Text> : comments.isError ? (
        <Text c="dimmed">{intl.formatMessage(m.loadFailed)}</Text>
      ) : !tree.length ? <Text c="dimmed">{intl.formatMessage(m.none)}</Text> : (
        <Stack component="ul" gap="md" m={0} p={0}>
          {tree.map((node) => (
            <CommentItem key={node.comment._id} node={node} depth={0} actions={actions} selected={selected} onSelect={onSelect} />
          ))}
        </Stack>
      )}
      {comments.hasNextPage && (
        <Button variant="light" loading={comments.isFetchingNextPage} onClick={() => void comments.fetchNextPage()}>{intl.formatMessage(m.loadMore)}</Button>
      )}
    </Stack>
  );
}

/**
 * A link to one comment (a notification's `/post/<id>#comment-<id>`) scrolls to it once the comments have loaded: the
 * browser looked for the anchor before they were there.
 */
function useScrollToComment(loaded: boolean) {
  const { hash } = useLocation();
  useEffect(() => {
    if (!loaded || !hash.startsWith('#comment-')) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ block: 'center' });
  }, [loaded, hash]);
}
