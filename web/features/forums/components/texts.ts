// Screen texts of this feature that are not in common/ (the spec's own texts live in common/posts.ts and common/communities.ts).
export const NOT_VERIFIED_TEXT = 'Your licence has not been verified yet.';
export const COMMENT_FAILED = 'Failed to add comment.';
export const CONFIRM_DELETE_POST = 'Are you sure you want to delete this post?';
export const NO_POSTS = 'No posts found.';
export const NO_COMMUNITY_POSTS = 'No posts found in this community.';
export const LOADING_FORUMS = 'Loading forums...';
export const LOADING_COMMUNITY = 'Loading community...';
export const LOADING_POST = 'Loading post...';
export const POST_GONE_HINT = 'The post might have been removed or the link is incorrect.';
export const POST_NOT_LOADED = 'Post data could not be loaded.';
export const POST_BAD_LINK = 'Configuration error or invalid post ID.';
export const NO_JOINED = "You haven't joined any communities yet.";
