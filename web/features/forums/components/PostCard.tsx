import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
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
import { withValues } from '../../../lib/messages.ts';
import { TEXTS } from './texts.ts';
import { DOT } from '../../../lib/punctuation.ts';
import './post-card.css';

const m = withValues(defineMessages({
  inCommunity: { id: 'forums.postCard.inCommunity', defaultMessage: 'in <link>{community}</link>', description: 'After a post\'s time and a separator: the community it was posted in, a link.' },
  comments: { id: 'forums.postCard.comments', defaultMessage: '{count, plural, one {# comment} other {# comments}}', description: 'Link to a post\'s comments: how many it has.' },
}));

export function PostCard({ post, showCommunity = true }: { post: Post; showCommunity?: boolean }) {
  const { user } = useSession();
  const like = useLikePost();
  const intl = useIntl();
  const removed = post.title === REMOVED_BY_MODERATOR;
  const { community } = post;
  const liked = Boolean(user && post.likes.includes(user._id));
  return (
    <article className="post-card" aria-labelledby={`post-${post._id}`}>
      <BlockedContent authorId={post.author._id} labelId={`post-${post._id}`}>
      <div className="post-card-body">
        <div className="post-card-byline">
          <UserAvatar name={post.author.name} src={post.author.avatar} size="sm" />
          <div>
            <p className="post-card-author" translate="no">{post.author.name}</p>
            <p className="post-card-meta">
              <TimeAgo date={post.createdAt} /><EditedMark editedAt={post.editedAt} />
              {showCommunity && community && (<>
                {DOT}<FormattedMessage {...m.inCommunity} values={{
                  community: community.name,
                  link: (chunks) => <Link to={`/community/${community._id}`} translate="no">{chunks}</Link>,
                }} />
              </>)}
            </p>
          </div>
        </div>
        <h3 className="post-card-title" id={`post-${post._id}`}>
          <Link to={postPath(post)} translate={removed ? undefined : 'no'}>
            {removed ? intl.formatMessage(TEXTS.removed) : post.highlight ? <Highlighted text={post.highlight.title} /> : post.title}
          </Link>
        </h3>
        <p className="post-card-preview" translate={removed ? undefined : 'no'}>
          {removed ? intl.formatMessage(TEXTS.removed) : post.highlight ? <Highlighted text={post.highlight.content} plain /> : plainPreview(post.content)}
        </p>
        <div className="post-card-actions">
          <LikeButton
            liked={liked}
            count={post.likesCount}
            disabled={!isVerified(user) || like.isPending}
            onToggle={() => like.mutate({ id: post._id, liked: !liked })}
          />
          <Link to={postPath(post)}>{intl.formatMessage(m.comments, { count: post.commentsCount })}</Link>
          {isVerified(user) && !removed && <BookmarkButton post={post} />}
        </div>
      </div>
      </BlockedContent>
    </article>
  );
}
