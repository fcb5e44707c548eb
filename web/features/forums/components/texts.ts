// Screen texts this feature's screens share (the server's own texts live in common/posts.ts and common/communities.ts;
// those the screens also say are written out here as catalogue messages, with the same English).
import { defineMessages } from 'react-intl';
import { withValues } from '../../../lib/messages.ts';

export const TEXTS = withValues(defineMessages({
  notVerified: { id: 'forums.common.notVerified', defaultMessage: 'Your licence has not been verified yet.', description: 'Hint on a disabled Join button: the member\'s licence is not verified yet, so they cannot join communities.' },
  noPosts: { id: 'forums.common.noPosts', defaultMessage: 'No posts found.', description: 'A forum post list (or search) has no posts.' },
  noCommunityPosts: { id: 'forums.common.noCommunityPosts', defaultMessage: 'No posts found in this community.', description: 'A community\'s post list (or search in it) has no posts.' },
  loadingForums: { id: 'forums.common.loadingForums', defaultMessage: 'Loading forums...', description: 'Shown while the forum\'s posts load.' },
  loadingCommunity: { id: 'forums.common.loadingCommunity', defaultMessage: 'Loading community...', description: 'Shown while a community or its posts load.' },
  loadingCommunities: { id: 'forums.common.loadingCommunities', defaultMessage: 'Loading communities...', description: 'Shown while a list of communities loads.' },
  back: { id: 'forums.common.back', defaultMessage: 'Back', description: 'Button: go back to the previous forum screen.' },
  loadMore: { id: 'forums.common.loadMore', defaultMessage: 'Load more', description: 'Button under a list of posts: load the next page.' },
  cancel: { id: 'forums.common.cancel', defaultMessage: 'Cancel', description: 'Button: close a form without saving.' },
  save: { id: 'forums.common.save', defaultMessage: 'Save', description: 'Button: save an edited post or comment.' },
  delete: { id: 'forums.common.delete', defaultMessage: 'Delete', description: 'Button (and confirmation button): delete a post, comment or community.' },
  removeAsAdmin: { id: 'forums.common.removeAsAdmin', defaultMessage: 'Remove as administrator', description: 'Button and confirmation title: an administrator removes someone else\'s post or comment (audited).' },
  name: { id: 'forums.common.name', defaultMessage: 'Name', description: 'Field label: a new community\'s name.' },
  description: { id: 'forums.common.description', defaultMessage: 'Description', description: 'Field label: a new community\'s description.' },
  nameRequired: { id: 'forums.common.nameRequired', defaultMessage: 'Name is required.', description: 'A new community was submitted without a name.' },
  createCommunityFailed: { id: 'forums.common.createCommunityFailed', defaultMessage: 'Failed to create community.', description: 'Creating a community failed; the server\'s reason may follow.' },
  createCommunity: { id: 'forums.common.createCommunity', defaultMessage: 'Create Community', description: 'Button (title case, as the spec writes it): open the form to create a community; also its dialog title and submit button.' },
  titleContentRequired: { id: 'forums.common.titleContentRequired', defaultMessage: 'Title and content are required.', description: 'A post was submitted without a title or without content.' },
  title: { id: 'forums.common.title', defaultMessage: 'Title', description: 'Field label: a post\'s title.' },
  content: { id: 'forums.common.content', defaultMessage: 'Content', description: 'Field label: a post\'s text.' },
  contentHelp: { id: 'forums.common.contentHelp', defaultMessage: 'Markdown is supported. Type @ to mention a member.', description: 'Help under a post\'s text field.' },
  createPost: { id: 'forums.common.createPost', defaultMessage: 'Create Post', description: 'Button (title case, as the spec writes it) opening the new post form; also the form\'s heading.' },
  communities: { id: 'forums.common.communities', defaultMessage: 'Communities', description: 'Heading of the forum\'s list of communities; on a phone, the button that shows the community columns.' },
  removed: { id: 'forums.common.removed', defaultMessage: '[removed by a moderator]', description: 'The title and text of a post a moderator removed (keep the brackets).' },
  memberAndPostCounts: { id: 'forums.common.memberAndPostCounts', defaultMessage: '{members, plural, one {# member} other {# members}} · {posts, plural, one {# post} other {# posts}}', description: 'A community\'s member count and post count.' },
}));
