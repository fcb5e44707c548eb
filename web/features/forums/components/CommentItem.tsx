import { Box, Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { CONFIRM_ADMIN_REMOVE_COMMENT, CONFIRM_DELETE_COMMENT } from '../../../../common/posts.ts';
import { serverMessageOr } from '../../../lib/useSubmit.ts';
import { useConfirm } from '../../../components/useConfirm.tsx';
import { BlockedContent } from '../../../components/BlockedContent.tsx';
import { Markdown } from '../../../components/Markdown.tsx';
import { ReportButton } from '../../../components/ReportButton.tsx';
import { UserAvatar } from '../../../components/UserAvatar.tsx';
import { timeAgo } from '../../../lib/time.ts';
import { isAdmin, isVerified, useSession } from '../../../lib/session.tsx';
import { countDescendants, type CommentNode } from '../tree.ts';
import type { useCommentActions } from '../api.ts';
import { CommentForm } from './CommentForm.tsx';
import { EditedMark } from './EditedMark.tsx';
import { LikeButton } from './LikeButton.tsx';

// Past this depth replies stop moving right, so deep threads still fit a phone.
const MAX_INDENT_DEPTH = 4;

type Props = {
  node: CommentNode;
  depth: number;
  actions: ReturnType<typeof useCommentActions>;
  selected: Set<string>;
  onSelect: (id: string, on: boolean) => void;
};

export function CommentItem({ node, depth, actions, selected, onSelect }: Props) {
  const { user } = useSession();
  const { comment, replies } = node;
  const [replying, setReplying] = useState(false);
  const [editing, setEditing] = useState(false);
  const [collapsed, setCollapsed] = useState(false);
  const admin = isAdmin(user);
  const mine = Boolean(user && comment.author?._id === user._id);
  const liked = Boolean(user && comment.likes.includes(user._id));
  const authorName = comment.author?.name ?? 'Deleted comment';
  const hidden = countDescendants(node);
  const confirm = useConfirm();

  const remove = async () => {
    if (await confirm({ title: 'Delete comment', message: CONFIRM_DELETE_COMMENT, confirmLabel: 'Delete' })) actions.remove.mutate(comment._id);
  };
  // Only the author deletes (the spec); an administrator's removal of someone else's comment is its own, audited action.
  const adminRemove = async () => {
    const ok = await confirm({ title: 'Remove as administrator', message: CONFIRM_ADMIN_REMOVE_COMMENT, confirmLabel: 'Remove comment' });
    if (ok) actions.adminRemove.mutate(comment._id);
  };
  const live = !comment.deleted;

  return (
    <Box component="li" id={`comment-${comment._id}`} style={{ listStyle: 'none' }}>
      <Stack gap={6}>
        {/* The comment itself collapses; its replies, by others, stay as they are. */}
        <BlockedContent authorId={comment.deleted ? null : comment.author?._id}>
        <Stack gap={6}>
        {/* A deleted comment has no author to show: its tombstone and time make one line, without an empty gap. */}
        {comment.deleted ? (
          <Group gap="xs" wrap="nowrap">
            <Text size="sm" c="dimmed" fs="italic">{comment.content}</Text>
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>{timeAgo(comment.createdAt)}</Text>
          </Group>
        ) : (
        <Group gap="xs" wrap="nowrap">
          {admin && (
            <Checkbox
              size="xs" aria-label={`Select comment by ${authorName}`} checked={selected.has(comment._id)}
              onChange={(e) => onSelect(comment._id, e.currentTarget.checked)}
            />
          )}
          {comment.author ? <UserAvatar name={comment.author.name} src={comment.author.avatar} size="sm" /> : null}
          <Text size="sm" fw={600} truncate>{comment.author ? comment.author.name : ''}</Text>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>{timeAgo(comment.createdAt)}<EditedMark editedAt={comment.editedAt} /></Text>
        </Group>
        )}
        {live && !editing && <Box fz="sm" style={{ overflowWrap: 'anywhere' }}><Markdown>{comment.content}</Markdown></Box>}
        {live && editing && (
          <CommentForm
            label={`Edit comment by ${authorName}`} submitLabel="Save" focusOnOpen initialContent={comment.content}
            failure={serverMessageOr('Failed to save the comment.')} onCancel={() => setEditing(false)}
            onSubmit={async (content, confirmDeidentified) => {
              await actions.edit.mutateAsync({ id: comment._id, content, confirmDeidentified });
              setEditing(false);
            }}
          />
        )}
        <Group gap={4}>
          {!comment.deleted && (
            <LikeButton liked={liked} count={comment.likesCount} disabled={!isVerified(user) || actions.like.isPending}
              onToggle={() => actions.like.mutate({ id: comment._id, liked: !liked })} />
          )}
          {!comment.deleted && isVerified(user) && (
            <Button variant="subtle" size="compact-sm" aria-expanded={replying} onClick={() => setReplying((v) => !v)}>Reply</Button>
          )}
          {!comment.deleted && !mine && isVerified(user) && (
            <ReportButton targetType="comment" targetId={comment._id} what={`comment by ${authorName}`} />
          )}
          {live && (mine || admin) && !editing && (
            <Button variant="subtle" size="compact-sm" onClick={() => setEditing(true)}>Edit</Button>
          )}
          {live && mine && (
            <Button variant="subtle" color="red" size="compact-sm" onClick={() => void remove()}>Delete</Button>
          )}
          {live && admin && !mine && (
            <Button variant="subtle" color="red" size="compact-sm" onClick={() => void adminRemove()}>Remove as administrator</Button>
          )}
          {replies.length > 0 && (
            <Button variant="subtle" color="gray" size="compact-sm" aria-expanded={!collapsed} onClick={() => setCollapsed((v) => !v)}>
              {collapsed ? `Show replies (${hidden})` : `Hide replies (${hidden})`}
            </Button>
          )}
        </Group>
        </Stack>
        </BlockedContent>
        {replying && (
          <CommentForm
            label={`Reply to ${authorName}`} submitLabel="Reply" focusOnOpen onCancel={() => setReplying(false)}
            onSubmit={async (content, confirmDeidentified) => {
              await actions.reply.mutateAsync({ parentId: comment._id, content, confirmDeidentified });
              setReplying(false);
            }}
          />
        )}
        {replies.length > 0 && !collapsed && (
          <Stack
            component="ul" gap="sm" m={0} p={0} pl={depth < MAX_INDENT_DEPTH ? 'md' : 0}
            style={{ borderLeft: depth < MAX_INDENT_DEPTH ? '2px solid var(--mantine-color-gray-3)' : undefined }}
          >
            {replies.map((r) => (
              <CommentItem key={r.comment._id} node={r} depth={depth + 1} actions={actions} selected={selected} onSelect={onSelect} />
            ))}
          </Stack>
        )}
      </Stack>
    </Box>
  );
}
