import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { confirmBulkDelete } from '../../../../common/posts.ts';
import { useConfirm } from '../../../components/useConfirm.tsx';
import { isAdmin, isVerified, useSession } from '../../../lib/session.tsx';
import { serverMessageOr } from '../../../lib/useSubmit.ts';
import { useCommentActions, useComments } from '../api.ts';
import { buildTree } from '../tree.ts';
import { CommentForm } from './CommentForm.tsx';
import { CommentItem } from './CommentItem.tsx';
import { COMMENT_FAILED } from './texts.ts';

/** The post page's comments: a form, the tree, and for administrators selection and bulk delete. */
export function CommentThread({ postId, count }: { postId: string; count: number }) {
  const { user } = useSession();
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
    if (!(await confirm({ title: 'Delete comments', message: confirmBulkDelete(ids.length), confirmLabel: 'Delete' }))) return;
    actions.removeMany.mutate(ids, { onSuccess: () => setSelected(new Set()) });
  };

  return (
    <Stack component="section" gap="md" aria-labelledby="comments-title">
      <Title order={2} size="h4" id="comments-title">Comments ({count})</Title>
      {isVerified(user) && (
        <CommentForm label="Add a comment" submitLabel="Comment" failure={serverMessageOr(COMMENT_FAILED)}
          onSubmit={(content, confirmDeidentified) => actions.add.mutateAsync({ content, confirmDeidentified })} />
      )}
      {isAdmin(user) && (
        <Group gap="xs">
          <Button color="red.9" size="xs" disabled={!selected.size} loading={actions.removeMany.isPending} onClick={() => void bulkDelete()}>
            Delete selected ({selected.size})
          </Button>
          {selected.size > 0 && <Button variant="default" size="xs" onClick={() => setSelected(new Set())}>Clear selection</Button>}
        </Group>
      )}
      {comments.isPending ? <Text c="dimmed">Loading comments...</Text> : comments.isError ? (
        <Text c="dimmed">Comments could not be loaded.</Text>
      ) : !tree.length ? <Text c="dimmed">No comments yet.</Text> : (
        <Stack component="ul" gap="md" m={0} p={0}>
          {tree.map((node) => (
            <CommentItem key={node.comment._id} node={node} depth={0} actions={actions} selected={selected} onSelect={onSelect} />
          ))}
        </Stack>
      )}
      {comments.hasNextPage && (
        <Button variant="light" loading={comments.isFetchingNextPage} onClick={() => void comments.fetchNextPage()}>Load more comments</Button>
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
