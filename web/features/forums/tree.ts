import type { Comment } from '../../../common/posts.ts';

export type CommentNode = { comment: Comment; replies: CommentNode[] };

/**
 * The spec's tree, assembled on the client from the flat, oldest-first list: each reply under its parent,
 * in order. A reply whose parent is not in the list (not loaded yet) shows at the top level rather than vanish.
 */
export function buildTree(comments: Comment[]): CommentNode[] {
  const nodes = new Map(comments.map((c) => [c._id, { comment: c, replies: [] as CommentNode[] }]));
  const roots: CommentNode[] = [];
  for (const c of comments) {
    const node = nodes.get(c._id)!;
    const parent = c.parentComment ? nodes.get(c.parentComment) : undefined;
    if (parent && parent !== node) parent.replies.push(node);
    else roots.push(node);
  }
  return roots;
}

/** Every comment below a node, for "Show replies (n)". */
export function countDescendants(node: CommentNode): number {
  return node.replies.reduce((sum, r) => sum + 1 + countDescendants(r), 0);
}

/** "<mark>" markers of a search highlight as text segments, so nothing is ever parsed as HTML. */
export function splitHighlight(text: string): { text: string; marked: boolean }[] {
  const parts: { text: string; marked: boolean }[] = [];
  const pattern = /<mark>(.*?)<\/mark>/gs;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > last) parts.push({ text: text.slice(last, match.index), marked: false });
    parts.push({ text: match[1], marked: true });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), marked: false });
  return parts;
}
