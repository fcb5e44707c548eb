import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { Post } from '../../../../common/posts.ts';
import { BlockedContent } from '../../../components/BlockedContent.tsx';
import { UserAvatar } from '../../../components/UserAvatar.tsx';
import { timeAgo } from '../../../lib/time.ts';
import { isVerified, useSession } from '../../../lib/session.tsx';
import { REMOVED_BY_MODERATOR } from '../../../../common/moderation.ts';
import { useLikePost } from '../api.ts';
import { BookmarkButton } from './BookmarkButton.tsx';
import { EditedMark } from './EditedMark.tsx';
import { Highlighted } from './Highlighted.tsx';
import { LikeButton } from './LikeButton.tsx';
import { plainPreview, postPath } from './links.ts';
import { plural } from '../../../lib/words.ts';

export function PostCard({ post, showCommunity = true }: { post: Post; showCommunity?: boolean }) {
  const { user } = useSession();
  const like = useLikePost();
  const liked = Boolean(user && post.likes.includes(user._id));
  return (
    <Paper component="article" withBorder p="md" aria-labelledby={`post-${post._id}`}>
      <BlockedContent authorId={post.author._id} labelId={`post-${post._id}`}>
      <Stack gap="xs">
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <UserAvatar name={post.author.name} src={post.author.avatar} size="sm" />
          <div style={{ minWidth: 0 }}>
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>{post.author.name}</Text>
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {timeAgo(post.createdAt)}<EditedMark editedAt={post.editedAt} />
              {showCommunity && post.community && (
                <> · in <Anchor component={Link} to={`/community/${post.community._id}`} size="xs">{post.community.name}</Anchor></>
              )}
            </Text>
          </div>
        </Group>
        <Title order={3} size="h4" id={`post-${post._id}`}>
          <Anchor component={Link} to={postPath(post)} c="inherit">
            {post.highlight ? <Highlighted text={post.highlight.title} /> : post.title}
          </Anchor>
        </Title>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {post.highlight ? <Highlighted text={post.highlight.content} plain /> : plainPreview(post.content)}
        </Text>
        <Group gap="xs">
          <LikeButton
            liked={liked}
            count={post.likesCount}
            disabled={!isVerified(user) || like.isPending}
            onToggle={() => like.mutate({ id: post._id, liked: !liked })}
          />
          <Anchor component={Link} to={postPath(post)} size="sm">
            {plural(post.commentsCount, 'comment')}
          </Anchor>
          {isVerified(user) && post.title !== REMOVED_BY_MODERATOR && <BookmarkButton post={post} />}
        </Group>
      </Stack>
      </BlockedContent>
    </Paper>
  );
}
