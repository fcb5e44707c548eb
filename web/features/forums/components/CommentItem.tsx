import { Box, Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { DELETED_COMMENT } from '../../../../common/posts.ts';
import { withValues } from '../../../lib/messages.ts';
import { serverMessageOr } from '../../../lib/useSubmit.ts';
import { useConfirm } from '../../../components/useConfirm.tsx';
import { BlockedContent } from '../../../components/BlockedContent.tsx';
import { Markdown } from '../../../components/Markdown.tsx';
import { ReportButton } from '../../../components/ReportButton.tsx';
import { UserAvatar } from '../../../components/UserAvatar.tsx';
import { TimeAgo } from '../../../components/TimeAgo.tsx';
import { isAdmin, isVerified, useSession } from '../../../lib/session.tsx';
import { countDescendants, type CommentNode } from '../tree.ts';
import type { useCommentActions } from '../api.ts';
import { CommentForm } from './CommentForm.tsx';
import { EditedMark } from './EditedMark.tsx';
import { LikeButton } from './LikeButton.tsx';
import { TEXTS } from './texts.ts';

const m = withValues(defineMessages({
  deletedAuthor: { id: 'forums.comment.deletedAuthor', defaultMessage: 'Deleted comment', description: 'Stands for the author of a comment whose author is gone (in "Reply to …", "Report comment by …").' },
  deleted: { id: 'forums.comment.deleted', defaultMessage: '[deleted]', description: 'What a deleted comment shows in place of its text (keep the brackets).' },
  deleteTitle: { id: 'forums.comment.deleteTitle', defaultMessage: 'Delete comment', description: 'Title of the confirmation before the author deletes their comment.' },
  confirmDelete: { id: 'forums.comment.confirmDelete', defaultMessage: 'Are you sure you want to delete this comment?', description: 'Confirmation before the author deletes their comment.' },
  confirmAdminRemove: { id: 'forums.comment.confirmAdminRemove', defaultMessage: 'Remove this comment as an administrator? The action is recorded in the audit log.', description: 'Confirmation before an administrator removes someone else\'s comment.' },
  removeComment: { id: 'forums.comment.removeComment', defaultMessage: 'Remove comment', description: 'Confirmation button: an administrator removes the comment.' },
  select: { id: 'forums.comment.select', defaultMessage: 'Select comment by {name}', description: 'Checkbox (administrators): select the comment by {name} for bulk delete.' },
  editLabel: { id: 'forums.comment.editLabel', defaultMessage: 'Edit comment by {name}', description: 'Label of the field editing the comment by {name}.' },
  saveFailed: { id: 'forums.comment.saveFailed', defaultMessage: 'Failed to save the comment.', description: 'An edited comment could not be saved and the server gave no reason.' },
  reply: { id: 'forums.comment.reply', defaultMessage: 'Reply', description: 'Button: reply to the comment (opens a form); also the reply form\'s submit button.' },
  report: { id: 'forums.comment.report', defaultMessage: 'comment by {name}', description: 'What is reported, in "Report comment by {name}" (the report button\'s name and dialog title).' },
  edit: { id: 'forums.comment.edit', defaultMessage: 'Edit', description: 'Button: edit the comment.' },
  showReplies: { id: 'forums.comment.showReplies', defaultMessage: 'Show replies ({count})', description: 'Button: show the comment\'s {count} folded replies.' },
  hideReplies: { id: 'forums.comment.hideReplies', defaultMessage: 'Hide replies ({count})', description: 'Button: fold the comment\'s {count} replies.' },
  replyTo: { id: 'forums.comment.replyTo', defaultMessage: 'Reply to {name}', description: 'Label of the field replying to the comment by {name}.' },
}));

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
  const intl = useIntl();
  const { comment, replies } = node;
  const [replying, setReplying] = useState(false);
  const [editing, setEditing] = useState(false);
  const [collapsed, setCollapsed] = useState(false);
  const admin = isAdmin(user);
  const mine = Boolean(user && comment.author?._id === user._id);
  const liked = Boolean(user && comment.likes.includes(user._id));
  const authorName = comment.author?.name ?? intl.formatMessage(m.deletedAuthor);
  const hidden = countDescendants(node);
  const confirm = useConfirm();

  const remove = async () => {
    if (await confirm({ title: intl.formatMessage(m.deleteTitle), message: intl.formatMessage(m.confirmDelete), confirmLabel: intl.formatMessage(TEXTS.delete) })) actions.remove.mutate(comment._id);
  };
  // Only the author deletes (the spec); an administrator's removal of someone else's comment is its own, audited action.
  const adminRemove = async () => {
    const ok = await confirm({ title: intl.formatMessage(TEXTS.removeAsAdmin), message: intl.formatMessage(m.confirmAdminRemove), confirmLabel: intl.formatMessage(m.removeComment) });
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
            <Text size="sm" c="dimmed" fs="italic">{comment.content === DELETED_COMMENT ? intl.formatMessage(m.deleted) : comment.content}</Text>
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}><TimeAgo date={comment.createdAt} /></Text>
          </Group>
        ) : (
        <Group gap="xs" wrap="nowrap">
          {admin && (
            <Checkbox
              size="xs" aria-label={intl.formatMessage(m.select, { name: authorName })} checked={selected.has(comment._id)}
              onChange={(e) => onSelect(comment._id, e.currentTarget.checked)}
            />
          )}
          {comment.author ? <UserAvatar name={comment.author.name} src={comment.author.avatar} size="sm" /> : null}
          <Text size="sm" fw={600} truncate translate="no">{comment.author ? comment.author.name : ''}</Text>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}><TimeAgo date={comment.createdAt} /><EditedMark editedAt={comment.editedAt} /></Text>
        </Group>
        )}
        {live && !editing && <Box fz="sm" style={{ overflowWrap: 'anywhere' }} translate="no"><Markdown>{comment.content}</Markdown></Box>}
        {live && editing && (
          <CommentForm
            label={intl.formatMessage(m.editLabel, { name: authorName })} submitLabel={intl.formatMessage(TEXTS.save)} focusOnOpen initialContent={comment.content}
            failure={serverMessageOr(intl.formatMessage(m.saveFailed))} onCancel={() => setEditing(false)}
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
            <Button variant="subtle" size="compact-sm" aria-expanded={replying} onClick={() => setReplying((v) => !v)}>{intl.formatMessage(m.reply)}</Button>
          )}
          {!comment.deleted && !mine && isVerified(user) && (
            <ReportButton targetType="comment" targetId={comment._id} what={intl.formatMessage(m.report, { name: authorName })} />
          )}
          {live && (mine || admin) && !editing && (
            <Button variant="subtle" size="compact-sm" onClick={() => setEditing(true)}>{intl.formatMessage(m.edit)}</Button>
          )}
          {live && mine && (
            <Button variant="subtle" color="red" size="compact-sm" onClick={() => void remove()}>{intl.formatMessage(TEXTS.delete)}</Button>
          )}
          {live && admin && !mine && (
            <Button variant="subtle" color="red" size="compact-sm" onClick={() => void adminRemove()}>{intl.formatMessage(TEXTS.removeAsAdmin)}</Button>
          )}
          {replies.length > 0 && (
            <Button variant="subtle" color="gray" size="compact-sm" aria-expanded={!collapsed} onClick={() => setCollapsed((v) => !v)}>
              {intl.formatMessage(collapsed ? m.showReplies : m.hideReplies, { count: hidden })}
            </Button>
          )}
        </Group>
        </Stack>
        </BlockedContent>
        {replying && (
          <CommentForm
            label={intl.formatMessage(m.replyTo, { name: authorName })} submitLabel={intl.formatMessage(m.reply)} focusOnOpen onCancel={() => setReplying(false)}
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
