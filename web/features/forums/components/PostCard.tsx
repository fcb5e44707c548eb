import { Link } from 'react-router';
import type { Post } from '../../../../common/posts.ts';
import { BlockedContent } from '../../../components/BlockedContent.tsx';
import { UserAvatar } from '../../../components/UserAvatar.tsx';
import { TimeAgo } from '../../../components/TimeAgo.tsx';
import { isVerified, useSession } from '../../../lib/session.tsx';
import { REMOVED_BY_MODERATOR } from '../../../../common/moderation.ts';
import { useLikePost } from '../api.ts';
import { BookmarkButton } from './BookmarkButton.tsx';
import { EditedMark } from './EditedMark.tsx';
import { Highlighted } from './Highlighted.tsx';
import { LikeButton } from './LikeButton.tsx';
import { plainPreview, postPath } from './links.ts';
import { plural } from '../../../lib/words.ts';
import './post-card.css';

export function PostCard({ post, showCommunity = true }: { post: Post; showCommunity?: boolean }) {
  const { user } = useSession();
  const like = useLikePost();
  const liked = Boolean(user && post.likes.includes(user._id));
  return (
    <article className="post-card" aria-labelledby={`post-${post._id}`}>
      <BlockedContent authorId={post.author._id} labelId={`post-${post._id}`}>
      <div className="post-card-body">
        <div className="post-card-byline">
          <UserAvatar name={post.author.name} src={post.author.avatar} size="sm" />
          <div>
            <p className="post-card-author">{post.author.name}</p>
            <p className="post-card-meta">
              <TimeAgo date={post.createdAt} /><EditedMark editedAt={post.editedAt} />
              {showCommunity && post.community && (
                <> · in <Link to={`/community/${post.community._id}`}>{post.community.name}</Link></>
              )}
            </p>
          </div>
        </div>
        <h3 className="post-card-title" id={`post-${post._id}`}>
          <Link to={postPath(post)}>
            {post.highlight ? <Highlighted text={post.highlight.title} /> : post.title}
          </Link>
        </h3>
        <p className="post-card-preview">
          {post.highlight ? <Highlighted text={post.highlight.content} plain /> : plainPreview(post.content)}
        </p>
        <div className="post-card-actions">
          <LikeButton
            liked={liked}
            count={post.likesCount}
            disabled={!isVerified(user) || like.isPending}
            onToggle={() => like.mutate({ id: post._id, liked: !liked })}
          />
          <Link to={postPath(post)}>{plural(post.commentsCount, 'comment')}</Link>
          {isVerified(user) && post.title !== REMOVED_BY_MODERATOR && <BookmarkButton post={post} />}
        </div>
      </div>
      </BlockedContent>
    </article>
  );
}
