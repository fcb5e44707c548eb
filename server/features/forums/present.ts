// The forums as the API shows them (common/posts.ts, common/communities.ts): rows to posts, comments and communities.
import type { Community, Recommendation } from '../../../common/communities.ts';
import { DELETED_COMMENT, LIKES_LIST_CAP, type Comment, type Post } from '../../../common/posts.ts';
import type { CommentRow } from './comments.ts';
import type { CommunityRow } from './communities-queries.ts';
import type { PostRow } from './posts-queries.ts';
import type { RecommendationRow } from './recommendations.ts';

/**
 * The likes list clients get: at most LIKES_LIST_CAP ids, with the reader's own id in it exactly when they like it.
 * The shared slice of likers is used as it is whenever it already says the truth about this reader, which is nearly
 * always, so every reader can be sent the same bytes (page-json.ts).
 */
export function likesFor(recent: string[], viewerId: string, liked: boolean): string[] {
  const shown = recent.slice(0, LIKES_LIST_CAP);
  if (shown.includes(viewerId) === liked) return shown;
  const others = recent.filter((id) => id !== viewerId);
  return liked ? [viewerId, ...others.slice(0, LIKES_LIST_CAP - 1)] : others.slice(0, LIKES_LIST_CAP);
}

/**
 * `bookmarked` is the reader's own; a shared page is written with false and patched per reader (page-json.ts).
 * Keys come in PostSchema's order (a search's highlight after commentsCount): pages written as JSON once are then
 * byte for byte what the response schema's serializer writes.
 */
export function toPost(row: PostRow, viewerId: string, liked: boolean, bookmarked = false): Post {
  return {
    _id: row.id,
    title: row.title,
    content: row.content,
    author: { _id: row.author_id, name: row.author_name, avatar: row.author_avatar },
    likes: likesFor(row.recent_likes, viewerId, liked),
    likesCount: row.likes_count,
    community: row.community_id ? { _id: row.community_id, name: row.community_name ?? '' } : null,
    createdAt: row.created_at,
    commentsCount: row.comments_count,
    ...(row.hl_title === undefined ? {} : { highlight: { title: row.hl_title, content: row.hl_content ?? '' } }),
    editedAt: row.edited_at,
    bookmarked,
  };
}

/** A deleted comment that still has replies keeps its place in the tree but shows neither text nor author. */
export function toComment(row: CommentRow, viewerId: string, liked: boolean): Comment {
  return {
    _id: row.id,
    content: row.deleted ? DELETED_COMMENT : row.content,
    author: row.deleted ? null : { _id: row.author_id, name: row.author_name, avatar: row.author_avatar },
    likes: row.deleted ? [] : likesFor(row.recent_likes, viewerId, liked),
    likesCount: row.deleted ? 0 : row.likes_count,
    parentComment: row.parent_id,
    createdAt: row.created_at,
    deleted: row.deleted,
    editedAt: row.deleted ? null : row.edited_at,
  };
}

export function toCommunity(row: CommunityRow): Community {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    specialties: row.specialties,
    modalities: row.modalities,
    demographics: row.demographics,
    totalPostsCount: row.posts_count,
    membersCount: row.members_count,
    lastPostAt: row.last_post_at,
    createdAt: row.created_at,
    joined: row.joined,
  };
}

/** A recommended community with the profile tags it matched, to show why. */
export function toRecommendation(row: RecommendationRow): Recommendation {
  return {
    ...toCommunity(row),
    matched: { specialties: row.m_specialties.sort(), modalities: row.m_modalities.sort(), demographics: row.m_demographics.sort() },
    recentPostsCount: row.recent,
  };
}
