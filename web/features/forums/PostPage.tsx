import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { CONFIRM_ADMIN_REMOVE_POST, POST_NOT_FOUND, type Post } from '../../../common/posts.ts';
import { useConfirm } from '../../components/useConfirm.tsx';
import { Markdown } from '../../components/Markdown.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { BlockedContent } from '../../components/BlockedContent.tsx';
import { UserAvatar } from '../../components/UserAvatar.tsx';
import { ApiError, getToken } from '../../lib/api.ts';
import { timeAgo } from '../../lib/time.ts';
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
import { CONFIRM_DELETE_POST, LOADING_POST, POST_BAD_LINK, POST_GONE_HINT, POST_NOT_LOADED } from './components/texts.ts';

/** The spec's failure texts: 'Post not found.' when there is no such post, otherwise the status. */
function failureText(error: unknown): string {
  if (error instanceof ApiError) return error.code === 'NOT_FOUND' ? POST_NOT_FOUND : `Failed to fetch post. Status: ${error.status}`;
  return POST_NOT_LOADED;
}

export default function PostPage() {
  const { communityId, postId = '' } = useParams();
  const { user } = useSession();
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
  if (!postId || !getToken()) return <Alert color="red" role="alert">{POST_BAD_LINK}</Alert>;
  if (isPending) return <PageLoader label={LOADING_POST} />;
  if (error || !post) {
    return (
      <Stack gap="md">
        <BackButton to={backTo} />
        <Alert color="red" role="alert" title={failureText(error)}>{POST_GONE_HINT}</Alert>
      </Stack>
    );
  }

  const liked = Boolean(user && post.likes.includes(user._id));
  const mine = Boolean(user && post.author._id === user._id);
  const removed = post.title === REMOVED_BY_MODERATOR;

  return (
    <Stack gap="lg">
      <BackButton to={backTo} />
      <Paper component="article" withBorder p="md" aria-labelledby="post-title">
        <BlockedContent authorId={post.author._id} labelId="post-title">
        <Stack gap="sm">
          <Group gap="xs" wrap="nowrap">
            <UserAvatar name={post.author.name} src={post.author.avatar} />
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text fw={600} truncate>{post.author.name}</Text>
              <Text size="xs" c="dimmed">
                {timeAgo(post.createdAt)}<EditedMark editedAt={post.editedAt} />
                {post.community && <> · in <Anchor component={Link} to={`/community/${post.community._id}`} size="xs">{post.community.name}</Anchor></>}
              </Text>
            </Stack>
          </Group>
          <Title order={1} size="h2" id="post-title" style={{ overflowWrap: 'anywhere' }}>{post.title}</Title>
          {editing
            ? <EditPostForm post={post} onDone={() => setEditing(false)} />
            : <div style={{ overflowWrap: 'anywhere' }}><Markdown>{post.content}</Markdown></div>}
          <Group gap="xs">
            <LikeButton liked={liked} count={post.likesCount} disabled={!isVerified(user) || like.isPending}
              onToggle={() => like.mutate({ id: post._id, liked: !liked })} />
            {isVerified(user) && <FollowButton postId={post._id} following={post.following ?? false} />}
            {isVerified(user) && !removed && <BookmarkButton post={post} />}
            {isVerified(user) && !mine && !removed && (
              <ReportButton targetType="post" targetId={post._id} what={`post by ${post.author.name}`} />
            )}
            {isVerified(user) && (mine || isAdmin(user)) && !removed && !editing && (
              <Button variant="subtle" size="compact-sm" onClick={() => setEditing(true)}>Edit post</Button>
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
  const remove = useDeletePost();
  const confirm = useConfirm();
  const onDelete = async () => {
    if (!(await confirm({ title: 'Delete post', message: CONFIRM_DELETE_POST, confirmLabel: 'Delete' }))) return;
    remove.mutate(post._id, { onSuccess: onDeleted, onError: (e) => console.error('Failed to delete post', e) });
  };
  return <Button variant="subtle" color="red" size="compact-sm" loading={remove.isPending} onClick={() => void onDelete()}>Delete post</Button>;
}

/** An administrator's removal of someone else's post: a distinct, confirmed and audited action. */
function AdminRemovePostButton({ post }: { post: Post }) {
  const remove = useAdminRemovePost();
  const confirm = useConfirm();
  const onRemove = async () => {
    const ok = await confirm({ title: 'Remove as administrator', message: CONFIRM_ADMIN_REMOVE_POST, confirmLabel: 'Remove post' });
    if (ok) remove.mutate(post._id, { onError: (e) => console.error('Failed to remove post', e) });
  };
  return (
    <Button variant="subtle" color="red" size="compact-sm" loading={remove.isPending} onClick={() => void onRemove()}>
      Remove as administrator
    </Button>
  );
}
