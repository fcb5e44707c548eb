// Forums, comments, communities and the network: the server's answers as catalogue messages (docs/decisions/0275). Their English is exactly the
// text clients have always read, often a shared constant of common/ that the web app also shows.
import { defineMessages } from '@formatjs/intl';

export const SERVER_FORUMS = defineMessages({
  postNotFound: { id: 'server.forums.postNotFound', defaultMessage: 'Post not found.', description: 'Refusal.' },
  commentNotFound: { id: 'server.forums.commentNotFound', defaultMessage: 'Comment not found.', description: 'Refusal.' },
  commentRequired: { id: 'server.forums.commentRequired', defaultMessage: 'Comment is required.', description: 'Refusal.' },
  cannotReplyToDeleted: { id: 'server.forums.cannotReplyToDeleted', defaultMessage: 'You cannot reply to a deleted comment.', description: 'Refusal.' },
  communityNotFound: { id: 'server.forums.communityNotFound', defaultMessage: 'Community not found.', description: 'Refusal.' },
  communityNameTaken: { id: 'server.forums.communityNameTaken', defaultMessage: 'A community with that name already exists.', description: 'Refusal.' },
  nameRequired: { id: 'server.forums.nameRequired', defaultMessage: 'Name is required.', description: 'Refusal.' },
  joinToPost: { id: 'server.forums.joinToPost', defaultMessage: 'Join this community to post in it.', description: 'Refusal.' },
  onlyAuthorDeletes: { id: 'server.forums.onlyAuthorDeletes', defaultMessage: 'Only the author can delete this. Administrators use "Remove as administrator".', description: 'Refusal; the quoted words are a button of the forum.' },
  onlyAuthorOrAdminEdits: { id: 'server.forums.onlyAuthorOrAdminEdits', defaultMessage: 'Only the author or an administrator can edit this.', description: 'Refusal.' },
  removedNotEditable: { id: 'server.forums.removedNotEditable', defaultMessage: 'A removed post cannot be edited.', description: 'Refusal.' },
  replyTooDeep: { id: 'server.forums.replyTooDeep', defaultMessage: 'Replies can nest at most 50 levels deep. Reply to an earlier comment instead.', description: 'Refusal.' },
  titleContentRequired: { id: 'server.forums.titleContentRequired', defaultMessage: 'Title and content are required.', description: 'Refusal.' },
  deletedComments: { id: 'server.forums.deletedComments', defaultMessage: '{count, plural, one {Deleted # comment.} other {Deleted # comments.}}', description: 'Confirmation: an administrator deleted {count} comments at once.' },
  communityDeleted: { id: 'server.forums.communityDeleted', defaultMessage: 'Community deleted.', description: 'Confirmation.' },
  postDeleted: { id: 'server.forums.postDeleted', defaultMessage: 'Post deleted.', description: 'Confirmation.' },
  postRemoved: { id: 'server.forums.postRemoved', defaultMessage: 'Post removed.', description: 'Confirmation (an administrator removed it).' },
  commentDeleted: { id: 'server.forums.commentDeleted', defaultMessage: 'Comment deleted.', description: 'Confirmation.' },
  commentRemoved: { id: 'server.forums.commentRemoved', defaultMessage: 'Comment removed.', description: 'Confirmation (an administrator removed it).' },
  cannotFavoriteSelf: { id: 'server.forums.cannotFavoriteSelf', defaultMessage: 'You cannot add yourself to your network.', description: 'Refusal.' },
  networkFull: { id: 'server.forums.networkFull', defaultMessage: 'Your network can hold at most 500 therapists. Remove someone first.', description: 'Refusal.' },
});
