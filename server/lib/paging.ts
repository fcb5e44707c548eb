/**
 * The page numbers of a page-numbered list. An empty list still has one (empty) page: page 1 always exists, so
 * `currentPage` 1 never exceeds `totalPages` and a client never reads "page 1 of 0". The web shows its pagination only
 * past one page (spec section 9), so the rule changes nothing on screen.
 */
export function pageInfo(total: number, page: number, limit: number): { totalPages: number; currentPage: number } {
  return { totalPages: Math.max(1, Math.ceil(total / limit)), currentPage: page };
}
