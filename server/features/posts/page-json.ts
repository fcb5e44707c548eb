/**
 * The JSON of a shared page for one reader. Everything in a page is the same for every reader except the likes list,
 * so each row is written once per shared read for a reader who liked none of them, and only rows this reader liked
 * (or whose likers name them) are written again. A page of 500 comments then costs one JSON.stringify, not one per reader.
 */
export type SharedPage<R> = { rows: R[]; nextCursor: string | null; fragments?: string[] };
type Likeable = { id: string; recent_likes: string[] };

export const JSON_TYPE = 'application/json; charset=utf-8';

export function pageJsonFor<R extends Likeable>(
  page: SharedPage<R>, listKey: string, viewerId: string, liked: Set<string>,
  shape: (row: R, viewerId: string, liked: boolean) => unknown,
): string {
  // An empty reader id matches no liker: the rows as any reader who liked none of them sees them.
  page.fragments ??= page.rows.map((row) => JSON.stringify(shape(row, '', false)));
  const items = page.rows.map((row, i) => {
    const own = liked.has(row.id) || row.recent_likes.includes(viewerId);
    return own ? JSON.stringify(shape(row, viewerId, liked.has(row.id))) : page.fragments![i];
  });
  return `{${JSON.stringify(listKey)}:[${items.join(',')}],"nextCursor":${JSON.stringify(page.nextCursor)}}`;
}
