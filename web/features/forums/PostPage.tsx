import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { defineMessages, FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { Link, useNavigate, useParams } from 'react-router';
import type { Post } from '../../../common/posts.ts';
import { useConfirm } from '../../components/useConfirm.tsx';
import { Markdown } from '../../components/Markdown.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { BlockedContent } from '../../components/BlockedContent.tsx';
import { UserAvatar } from '../../components/UserAvatar.tsx';
import { ApiError, getToken } from '../../lib/api.ts';
import { TimeAgo } from '../../components/TimeAgo.tsx';
import { withValues } from '../../lib/messages.ts';
import { useReadAbout } from '../../lib/readAbout.ts';
import { isAdmin, isVerified, useSession } from '../../lib/session.tsx';
import { REMOVED_BY_MODERATOR } from '../../../common/moderation.ts';
import { ReportButton } from '../../components/ReportButton.tsx';
import { useAdminRemovePost, useDeletePost, useLikePost, usePost } from './api.ts';
import { useLiveComments } from './useLiveComments.ts';
import { BackButton } from './components/BackButton.tsx';
import { BookmarkButton } from './components/BookmarkButton.tsx';
import { EditedMark } from './components/EditedMark.tsx';
import { EditPostForm } from './components/EditPostForm.tsx';
import { CommentThread } from './components/CommentThread.tsx';
import { FollowButton } from './components/FollowButton.tsx';
import { LikeButton } from './components/LikeButton.tsx';
import { TEXTS } from './components/texts.ts';
import { DOT } from '../../lib/punctuation.ts';

const m = withValues(defineMessages({
  notFound: { id: 'forums.post.notFound', defaultMessage: 'Post not found.', description: 'The address names no post.' },
  fetchFailed: { id: 'forums.post.fetchFailed', defaultMessage: 'Failed to fetch post. Status: {status}', description: 'The post could not be read; {status} is the HTTP status the server answered.' },
  notLoaded: { id: 'forums.post.notLoaded', defaultMessage: 'Post data could not be loaded.', description: 'The post could not be read (the server could not be reached).' },
  badLink: { id: 'forums.post.badLink', defaultMessage: 'Configuration error or invalid post ID.', description: 'The post\'s address has no id, or the member is not signed in.' },
  goneHint: { id: 'forums.post.goneHint', defaultMessage: 'The post might have been removed or the link is incorrect.', description: 'Under a failure to read a post.' },
  loading: { id: 'forums.post.loading', defaultMessage: 'Loading post...', description: 'Shown while a post loads.' },
  inCommunity: { id: 'forums.post.inCommunity', defaultMessage: 'in <link>{community}</link>', description: 'After the post\'s time and a separator: the community it was posted in, a link.' },
  report: { id: 'forums.post.report', defaultMessage: 'post by {name}', description: 'What is reported, in "Report post by {name}" (the report button\'s name and dialog title).' },
  edit: { id: 'forums.post.edit', defaultMessage: 'Edit post', description: 'Button: edit the post (its author or an administrator).' },
  deleteTitle: { id: 'forums.post.deleteTitle', defaultMessage: 'Delete post', description: 'Title of the confirmation before the author deletes their post; also the button.' },
  confirmDelete: { id: 'forums.post.confirmDelete', defaultMessage: 'Are you sure you want to delete this post?', description: 'Confirmation before the author deletes their post.' },
  confirmAdminRemove: { id: 'forums.post.confirmAdminRemove', defaultMessage: 'Remove this post as an administrator? Its title and text are replaced by a removal note, and the action is recorded in the audit log.', description: 'Confirmation before an administrator removes someone else\'s post.' },
  removePost: { id: 'forums.post.removePost', defaultMessage: 'Remove post', description: 'Confirmation button: an administrator removes the post.' },
}));

/** The spec's failure texts: 'Post not found.' when there is no such post, otherwise the status. */
function failureText(intl: IntlShape, error: unknown): string {
  if (error instanceof ApiError) return error.code === 'NOT_FOUND' ? intl.formatMessage(m.notFound) : intl.formatMessage(m.fetchFailed, { status: error.status });
  return intl.formatMessage(m.notLoaded);
}

export default function PostPage() {
  const { communityId, postId = '' } = useParams();
  const { user } = useSession();
  const intl = useIntl();
  const navigate = useNavigate();
  const { data: post, isPending, error } = usePost(postId);
  const like = useLikePost();
  const [editing, setEditing] = useState(false);
  // The replies, mentions and likes about this post are seen now, here and on the member's other devices.
  useReadAbout(post ? { kind: 'post', id: post._id } : null);
  // Comments others add while it is open appear without a reload.
  useLiveComments(post?._id);
  // Back (and after deleting) goes to the community, or to /forums for a post outside any community.
  const home = communityId ?? post?.community?._id;
  const backTo = home ? `/community/${home}` : '/forums';

  // The spec: without an id or a token there is nothing to ask the server for.
  if (!postId || !getToken()) return <Alert color="red" role="alert">{intl.formatMessage(m.badLink)}</Alert>;
  if (isPending) return <PageLoader label={intl.formatMessage(m.loading)} />;
  if (error || !post) {
    return (
      <Stack gap="md">
        <BackButton to={backTo} />
        <Alert color="red" role="alert" title={failureText(intl, error)}>{intl.formatMessage(m.goneHint)}</Alert>
      </Stack>
    );
  }

  const liked = Boolean(user && post.likes.includes(user._id));
  const mine = Boolean(user && post.author._id === user._id);
  const removed = post.title === REMOVED_BY_MODERATOR;
  const { community } = post;

  return (
    <Stack gap="lg">
      <BackButton to={backTo} />
      <Paper component="article" withBorder p="md" aria-labelledby="post-title">
        <BlockedContent authorId={post.author._id} labelId="post-title">
        <Stack gap="sm">
          <Group gap="xs" wrap="nowrap">
            <UserAvatar name={post.author.name} src={post.author.avatar} />
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text fw={600} truncate translate="no">{post.author.name}</Text>
              <Text size="xs" c="dimmed">
                <TimeAgo date={post.createdAt} /><EditedMark editedAt={post.editedAt} />
                {community && (<>
                  {DOT}<FormattedMessage {...m.inCommunity} values={{
                    community: community.name,
                    link: (chunks) => <Anchor component={Link} to={`/community/${community._id}`} size="xs" underline="always" translate="no">{chunks}</Anchor>,
                  }} />
                </>)}
              </Text>
            </Stack>
          </Group>
          <Title order={1} size="h2" id="post-title" style={{ overflowWrap: 'anywhere' }} translate={removed ? undefined : 'no'}>
            {removed ? intl.formatMessage(TEXTS.removed) : post.title}
          </Title>
          {editing
            ? <EditPostForm post={post} onDone={() => setEditing(false)} />
            : removed ? <Text>{intl.formatMessage(TEXTS.removed)}</Text>
            : <div style={{ overflowWrap: 'anywhere' }} translate="no"><Markdown>{post.content}</Markdown></div>}
          <Group gap="xs">
            <LikeButton liked={liked} count={post.likesCount} disabled={!isVerified(user) || like.isPending}
              onToggle={() => like.mutate({ id: post._id, liked: !liked })} />
            {isVerified(user) && <FollowButton postId={post._id} following={post.following ?? false} />}
            {isVerified(user) && !removed && <BookmarkButton post={post} />}
            {isVerified(user) && !mine && !removed && (
              <ReportButton targetType="post" targetId={post._id} what={intl.formatMessage(m.report, { name: post.author.name })} />
            )}
            {isVerified(user) && (mine || isAdmin(user)) && !removed && !editing && (
              <Button variant="subtle" size="compact-sm" onClick={() => setEditing(true)}>{intl.formatMessage(m.edit)}</Button>
            )}
            {mine && <DeletePostButton post={post} onDeleted={() => void navigate(backTo)} />}
            {isAdmin(user) && !mine && !removed && <AdminRemovePostButton post={post} />}
          </Group>
        </Stack>
        </BlockedContent>
      </Paper>
      <CommentThread postId={post._id} count={post.commentsCount} />
    </Stack>
  );
}

/** The author's own delete (the spec: only the author deletes). */
function DeletePostButton({ post, onDeleted }: { post: Post; onDeleted: () => void }) {
  const intl = useIntl();
  const remove = useDeletePost();
  const confirm = useConfirm();
  const onDelete = async () => {
    if (!(await confirm({ title: intl.formatMessage(m.deleteTitle), message: intl.formatMessage(m.confirmDelete), confirmLabel: intl.formatMessage(TEXTS.delete) }))) return;
    remove.mutate(post._id, { onSuccess: onDeleted, onError: (e) => console.error('Failed to delete post', e) });
  };
  return <Button variant="subtle" color="red" size="compact-sm" loading={remove.isPending} onClick={() => void onDelete()}>{intl.formatMessage(m.deleteTitle)}</Button>;
}

/** An administrator's removal of someone else's post: a distinct, confirmed and audited action. */
function AdminRemovePostButton({ post }: { post: Post }) {
  const intl = useIntl();
  const remove = useAdminRemovePost();
  const confirm = useConfirm();
  const onRemove = async () => {
    const ok = await confirm({ title: intl.formatMessage(TEXTS.removeAsAdmin), message: intl.formatMessage(m.confirmAdminRemove), confirmLabel: intl.formatMessage(m.removePost) });
    if (ok) remove.mutate(post._id, { onError: (e) => console.error('Failed to remove post', e) });
  };
  return (
    <Button variant="subtle" color="red" size="compact-sm" loading={remove.isPending} onClick={() => void onRemove()}>
      {intl.formatMessage(TEXTS.removeAsAdmin)}
    </Button>
  );
}
