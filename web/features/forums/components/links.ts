import type { Post } from '../../../../common/posts.ts';

/** A post's address: under its community when it has one (the spec's route), otherwise /post/{id}. */
export const postPath = (post: Pick<Post, '_id' | 'community'>) =>
  (post.community ? `/community/${post.community._id}/post/${post._id}` : `/post/${post._id}`);

/** A short plain-text preview of Markdown for lists: link targets, emphasis and heading marks dropped. */
export function plainPreview(markdown: string, max = 280): string {
  const text = markdown
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`>#~]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
