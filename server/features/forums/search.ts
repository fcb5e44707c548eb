import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import { queryPrepared } from '../../db/prepared.ts';
import { runAlone, type RunShaped } from '../../db/batch.ts';
import type { SqlRow } from '../../db/rows.ts';
import type { communities } from '../../db/schema.ts';
import type { ServiceContext } from '../../context.ts';
import { notFound } from '../../lib/errors.ts';
import { POSTS_PAGE_SIZE } from '../../../common/constants.ts';
import { COMMUNITY_NOT_FOUND } from '../../../common/communities.ts';
import { SEARCH_WINDOW, type PostsPage } from '../../../common/posts.ts';
import { decodeSearchCursor, encodeSearchCursor, type PostKey, type SearchCursor } from './cursor.ts';
import { forumRead } from './forum-reads.ts';
import { cachedEstimate, looksOneWord, plainWords, requiredWords, tsQuery, type Estimate, type Words } from './search-words.ts';
import { pageBytes, pageJsonFor, withJson, type JsonAnswer } from './page-json.ts';
import {
  cursorTime, POST_COLUMNS, postsWithDetails, readerMarks, type PostRow, type SharedPostsPage,
} from './posts-queries.ts';
import { toPost } from './present.ts';
import { lifetimeOf } from '../../lib/caches.ts';

// Full-text search over the stored `search` column (title weighted above content), bounded (docs/decisions/0021):
// results come in windows of the SEARCH_WINDOW newest matches, each ranked by relevance, the newest window first.
// A window is found one of two ways, whichever reads fewer rows by the planner's estimate of how common the words are:
// - 'scan': read posts newest first (posts_created_idx, or posts_community_created_idx) and stop at the window's
//   last match; cheap for common words, where matching every post through the GIN index is not;
// - 'index': every match through the GIN index, then the newest of them; cheap for rare words.
// - 'terms' (tried first when the words include one every match must hold): walk that word's rows of post_terms newest
//   first (docs/decisions/0091), checking each post against the whole query; it reads about `window + 1` posts for a
//   common word, and all of a rare word's posts. When it gives up at its cap, the estimate chooses between the other two.
// Later pages of a window re-read only that window (between its newest and oldest post), so each page costs the same.

export type SearchStrategy = 'terms' | 'scan' | 'index';
/** The service passes `before` and `communityId`; the rest is tuning for the tests and the benchmark. */
export type SearchOptions = {
  before?: string; communityId?: string; window?: number; strategy?: SearchStrategy; scanCap?: number;
};

/** The newest-first scan gives up after this many times the rows the estimate expected, and the index path takes over. */
const SCAN_SLACK = 3;
/** A page is filled from the next windows when its own runs out (with the default window, only after deletions). */
const EXTRA_WINDOWS_PER_PAGE = 2;
// NULLS LAST is the order the (created_at DESC NULLS LAST, id DESC NULLS LAST) indexes are built in; see service.ts.
const INDEX_ORDER = sql.raw('p.created_at DESC NULLS LAST, p.id DESC NULLS LAST');
const RANK_ORDER = sql`page.rank DESC, page.created_at DESC, page.id DESC`;

type SearchRow = PostRow & {
  window_found?: number; bottom_at?: string | null; bottom_id?: string | null; scan_capped?: boolean;
  viewer_liked?: boolean; viewer_saved?: boolean;
};
type Part = { rows: SearchRow[]; next: SearchCursor | null };

/** A value of the statement, or a placeholder for it in a statement built once per shape (db/batch.ts). */
type Value = string | Placeholder;

const inScope = (communityId: string | null) => (communityId ? sql`p.community_id = ${communityId}` : sql`true`);
// The plain created_at comparisons repeat the row comparisons for the planner's row estimates (it then reads a window
// through the created_at index instead of intersecting it with the whole GIN posting list).
const below = (top: PostKey | null) => (top
  ? sql`AND (p.created_at, p.id) < (${top.at}::timestamptz, ${top.id}::uuid) AND p.created_at <= ${top.at}::timestamptz`
  : sql``);
const atOrAbove = (bottom: PostKey | null) => (bottom
  ? sql`AND (p.created_at, p.id) >= (${bottom.at}::timestamptz, ${bottom.id}::uuid) AND p.created_at >= ${bottom.at}::timestamptz`
  : sql``);

/**
 * Whether the searcher likes and saved each post, read in the search's own statement (one probe of each primary key per
 * post) rather than in two more round trips; only the request that ran the search uses them (findPosts).
 */
const viewerColumns = (viewerId: Value | null) => (viewerId
  ? sql`, EXISTS (SELECT 1 FROM post_likes vl WHERE vl.post_id = page.id AND vl.user_id = ${viewerId}) AS viewer_liked,
    EXISTS (SELECT 1 FROM post_bookmarks vb WHERE vb.user_id = ${viewerId} AND vb.post_id = page.id) AS viewer_saved`
  : sql``);

/**
 * Rank as text (it goes into cursors) and the highlights, computed for the shown page only: ts_headline is costly, so
 * not for the look-ahead row either (the page's rows are numbered `n` in rank order, `want` of them shown).
 */
const searchColumns = (q: SQL, want: number, viewerId: Value | null, extra: SQL = sql``) => sql`, page.rank::text AS rank,
  CASE WHEN page.n <= ${int(want)} THEN ts_headline('english', page.title, ${q}, 'HighlightAll=true, StartSel=<mark>, StopSel=</mark>') END AS hl_title,
  CASE WHEN page.n <= ${int(want)} THEN ts_headline('english', page.content, ${q}, 'MaxFragments=2, MaxWords=30, MinWords=10, StartSel=<mark>, StopSel=</mark>') END AS hl_content
  ${viewerColumns(viewerId)} ${extra}`;

/** Rows numbered in the page's order (relevance, then newest), for searchColumns. */
const numbered = sql`row_number() OVER (ORDER BY rank DESC, created_at DESC, id DESC) AS n`;

/**
 * The top bar's posts (titles-only): the same rows in the same order as a page of the search, without the content,
 * the highlights or the likers, which it does not show.
 */
const titlesOnly = (page: SQL, extra: SQL) => sql`
  SELECT page.id, page.title, u.id AS author_id, u.name AS author_name, c.id AS community_id, c.name AS community_name,
    page.rank::text AS rank, ${cursorTime(sql`page.created_at`)} AS cursor_at ${extra}
  FROM (${page}) page
  JOIN users u ON u.id = page.author_id
  LEFT JOIN communities c ON c.id = page.community_id
  ORDER BY ${RANK_ORDER}`;

/**
 * 'scan' when reading posts newest first until `window + 1` matches (or to the end of a smaller scope) should visit fewer
 * rows than the index path, which fetches every match in scope and reads the words' whole posting lists (counted at a
 * tenth of a row per entry). `cap` bounds the scan at SCAN_SLACK times the rows expected.
 */
export function chooseStrategy(estimate: Estimate, window: number, scopeSize: number | null): { strategy: SearchStrategy; cap: number } {
  const density = Math.min(1, Math.max(estimate.matches, 1) / Math.max(estimate.total, 1));
  const scope = scopeSize ?? estimate.total;
  const rowsToWindow = (window + 1) / density;
  const scanRows = Math.min(rowsToWindow, scope);
  const indexRows = density * scope + estimate.matches / 10;
  return scanRows <= indexRows
    ? { strategy: 'scan', cap: Math.ceil(SCAN_SLACK * rowsToWindow) }
    : { strategy: 'index', cap: 0 };
}

type OpenWindow = {
  communityId: string | null; top: PostKey | null; window: number; strategy: SearchStrategy; cap: number; want: number;
  /** For 'terms': the word whose posts are walked; `undefined` walks the query's one required word (see oneWord). */
  lexeme?: Value;
  viewerId?: Value | null;
  titles?: boolean;
};

/**
 * Counts written into the statement: the walk runs as a prepared statement, and a generic plan that does not know its
 * limits plans for a tenth of the table (docs/decisions/0090).
 */
function int(n: number): SQL {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`search count must be a whole number, not ${n}`);
  return sql.raw(String(n));
}

/** post_terms rows below the cursor (the same (created_at, id) order as the posts indexes). */
const termsBelow = (top: PostKey | null) => (top
  ? sql`AND (t.created_at, t.post_id) < (${top.at}::timestamptz, ${top.id}::uuid) AND t.created_at <= ${top.at}::timestamptz`
  : sql``);

/** The first `cap` posts holding `lexeme`, newest first. */
const walkTerms = (lexeme: SQL, top: PostKey | null, cap: SQL) => sql`
  SELECT t.post_id, t.created_at FROM post_terms t WHERE t.lexeme = ${lexeme} ${termsBelow(top)}
  ORDER BY t.created_at DESC, t.post_id DESC LIMIT ${cap}`;

/**
 * The query's one required word computed inside the search's statement (no querytree round trip of its own): the whole
 * querytree when it is a single quoted lexeme (no quote or backslash in it), else NULL, which walks nothing, and the
 * caller falls back to requiredWords and the estimates. Constant for the statement, so it is an index condition.
 */
const oneWord = (q: SQL) => sql`substring(querytree(${q})::text FROM ${sql.raw(String.raw`'^''([^''\\]+)''$'`)})`;

/**
 * The first page of a window: the `window + 1` newest matches below `top` (the extra one tells whether an older window
 * follows), the newest `window` of them ranked, and `want + 1` rows of that ranking. Exported for the benchmark's EXPLAIN.
 */
export function openWindowQuery(text: Value, w: OpenWindow): SQL {
  const q = tsQuery(text);
  // The query once per execution (an InitPlan), for the expressions evaluated per row: in a generic plan (the prepared
  // walk) websearch_to_tsquery of a parameter is not folded, and was parsed again for every post checked, ranked and
  // highlighted (about 150 times, a fifth of the statement's time). Not in index conditions, whose estimates need it.
  const once = sql`(SELECT ${q})`;
  const scope = inScope(w.communityId);
  const lexeme = w.lexeme === undefined ? oneWord(q) : sql`${w.lexeme}`;
  // MATERIALIZED keeps each step planned on its own: the index path must not be turned into a newest-first scan
  // (which would read the whole table for a rare word), and the scan must stop after `window + 1` matches.
  const found = w.strategy === 'terms'
    ? sql`found AS MATERIALIZED (
        SELECT p.id, p.created_at, p.search FROM (${walkTerms(lexeme, w.top, int(w.cap))}) t
        JOIN posts p ON p.id = t.post_id
        WHERE ${scope} AND p.search @@ ${once} ORDER BY t.created_at DESC, t.post_id DESC LIMIT ${int(w.window + 1)})`
    : w.strategy === 'scan'
    ? sql`found AS MATERIALIZED (
        SELECT r.id, r.created_at, r.search FROM (
          SELECT p.id, p.created_at, p.search FROM posts p WHERE ${scope} ${below(w.top)} ORDER BY ${INDEX_ORDER} LIMIT ${w.cap}
        ) r WHERE r.search @@ ${q} ORDER BY r.created_at DESC NULLS LAST, r.id DESC NULLS LAST LIMIT ${int(w.window + 1)})`
    : sql`hits AS MATERIALIZED (SELECT p.id, p.created_at, p.search FROM posts p WHERE ${scope} ${below(w.top)} AND p.search @@ ${q}),
      found AS MATERIALIZED (SELECT id, created_at, search FROM hits ORDER BY created_at DESC, id DESC LIMIT ${int(w.window + 1)})`;
  // Too few matches from the scan: did it stop at its cap (the index path must take over) or at the end of the scope?
  // Only evaluated (a subquery in an untaken CASE branch is not run) when the scan came back short.
  const capped = w.strategy === 'scan'
    ? sql`CASE WHEN (SELECT count(*) FROM found) > ${int(w.window)} THEN false ELSE EXISTS (
        SELECT 1 FROM posts p WHERE ${scope} ${below(w.top)} ORDER BY ${INDEX_ORDER} OFFSET ${w.cap - 1} LIMIT 1) END`
    : w.strategy === 'terms'
    ? sql`CASE WHEN (SELECT count(*) FROM found) > ${int(w.window)} THEN false ELSE EXISTS (
        SELECT 1 FROM post_terms t WHERE t.lexeme = ${lexeme} ${termsBelow(w.top)}
        ORDER BY t.created_at DESC, t.post_id DESC OFFSET ${int(w.cap - 1)} LIMIT 1) END`
    : sql`false`;
  const page = sql`
    WITH ${found},
    cand AS MATERIALIZED (SELECT id, created_at, ts_rank(search, ${once}) AS rank FROM found ORDER BY created_at DESC, id DESC LIMIT ${int(w.window)}),
    oldest AS (SELECT ${cursorTime(sql`cand.created_at`)} AS at, cand.id::text AS id FROM cand ORDER BY cand.created_at, cand.id LIMIT 1)
    SELECT ${POST_COLUMNS}, c.rank, c.n, (SELECT count(*) FROM found)::int AS window_found,
      (SELECT at FROM oldest) AS bottom_at, (SELECT id FROM oldest) AS bottom_id, ${capped} AS scan_capped
    FROM (SELECT *, ${numbered} FROM cand ORDER BY rank DESC, created_at DESC, id DESC LIMIT ${int(w.want + 1)}) c
    JOIN posts p ON p.id = c.id`;
  const meta = sql`, page.window_found, page.bottom_at, page.bottom_id, page.scan_capped`;
  if (w.titles) return titlesOnly(page, meta);
  return postsWithDetails(page, { extra: searchColumns(once, w.want, w.viewerId ?? null, meta), orderBy: RANK_ORDER });
}

type InWindow = Extract<SearchCursor, { kind: 'in' }>;

/** A later page of a window: its matches (between its newest and oldest post) after the cursor, in relevance order. */
export function windowPageQuery(text: string, communityId: string | null, cursor: InWindow, want: number, viewerId: string | null = null): SQL {
  const q = tsQuery(text);
  const page = sql`
    SELECT *, ${numbered} FROM (
      SELECT * FROM (
        SELECT ${POST_COLUMNS}, ts_rank(p.search, ${q}) AS rank FROM posts p
        WHERE ${inScope(communityId)} ${below(cursor.top)} ${atOrAbove(cursor.bottom)} AND p.search @@ ${q}
      ) hits
      WHERE (hits.rank, hits.created_at, hits.id) < (${cursor.rank}::real, ${cursor.at}::timestamptz, ${cursor.id}::uuid)
      ORDER BY hits.rank DESC, hits.created_at DESC, hits.id DESC LIMIT ${int(want + 1)}
    ) shown`;
  return postsWithDetails(page, { extra: searchColumns(q, want, viewerId), orderBy: RANK_ORDER });
}

const position = (row: SearchRow) => ({ rank: row.rank ?? '0', at: row.cursor_at, id: row.id });

type Choice = { strategy: SearchStrategy; cap: number; lexeme?: string };

/** A word's walk gives up after this many windows' worth of its posts (a common word fills a window in about one). */
const TERMS_CAP_WINDOWS = 10;

/**
 * 'terms' when the query has a word every match holds, walking the rarest such word, if the walk should find a window
 * within its cap. One required word (the common case, e.g. 'grief -loss') needs no estimate at all. Not for a
 * community's search: its posts are a small part of a word's, where its own scan or index path reads fewer rows.
 * A text of plain words takes its words and estimates from each word's kept figures (search-words.ts).
 */
async function termsChoice(ctx: ServiceContext, text: string, window: number, plain: Words | null): Promise<Choice | null> {
  const words = plain ? plain.words.map((w) => w.word) : await requiredWords(ctx.db, text);
  if (!words.length) return null;
  const cap = TERMS_CAP_WINDOWS * (window + 1);
  if (words.length === 1) return { strategy: 'terms', cap, lexeme: words[0] };
  const counts = plain?.words ?? await Promise.all(words.map(async (word) => ({ word, matches: (await cachedEstimate(ctx, word)).matches })));
  const rarest = counts.reduce((a, b) => (b.matches < a.matches ? b : a));
  const all = (plain?.estimate ?? await cachedEstimate(ctx, text.trim())).matches;
  // Posts of the rarest word walked per match of the whole query, times the window.
  return (window + 1) * (rarest.matches / Math.max(1, all)) <= cap ? { strategy: 'terms', cap, lexeme: rarest.word } : null;
}

async function forcedChoice(db: Db, text: string, window: number, strategy: SearchStrategy, scanCap?: number): Promise<Choice> {
  const cap = scanCap ?? (window + 1) * 10;
  if (strategy !== 'terms') return { strategy, cap };
  const [lexeme] = await requiredWords(db, text);
  return lexeme ? { strategy, cap, lexeme } : { strategy: 'index', cap: 0 };
}

/**
 * The first window everywhere (no community) by the walk or the index path, its statement built once per shape (the
 * values only fill it in), run alone or, for the top bar, with the other features' searches (db/batch.ts).
 */
function firstWalk(run: RunShaped, text: string, w: OpenWindow): Promise<SearchRow[]> {
  const given = w.lexeme !== undefined;
  return run<SearchRow>({
    key: `forum-search|${w.strategy}|${w.window}|${w.want}|${w.cap}|${given}|${Boolean(w.viewerId)}|${Boolean(w.titles)}`,
    build: (p) => openWindowQuery(p('text'), { ...w, lexeme: given ? p('lexeme') : undefined, viewerId: w.viewerId ? p('viewer') : null }),
    values: { text, lexeme: w.lexeme, viewer: w.viewerId },
  });
}

/**
 * Who reads (their likes and bookmarks come with the rows), whether only titles are wanted (the top bar), and how the
 * first window's walk runs (the top bar's with its other searches, db/batch.ts).
 */
type View = { viewerId: string | null; titles: boolean; run?: RunShaped };

async function openWindow(ctx: ServiceContext, text: string, view: View, opts: {
  communityId: string | null; scopeSize: number | null; top: PostKey | null; window: number; want: number;
  strategy?: SearchStrategy; scanCap?: number;
}): Promise<Part> {
  const { db } = ctx;
  const { communityId, top, window, want } = opts;
  let plain: Promise<Words | null> | undefined;
  const plainText = () => (plain ??= plainWords(ctx, text));
  const estimated = async () =>
    chooseStrategy((await plainText())?.estimate ?? await cachedEstimate(ctx, text.trim()), window, opts.scopeSize);
  // One plain word (minus excluded ones), the common search: its walk finds the word itself, in the same statement.
  const oneWordWalk = !opts.strategy && !communityId && looksOneWord(text);
  let choice: Choice = opts.strategy
    ? await forcedChoice(db, text, window, opts.strategy, opts.scanCap)
    : oneWordWalk ? { strategy: 'terms', cap: TERMS_CAP_WINDOWS * (window + 1) }
    : (!communityId && await termsChoice(ctx, text, window, await plainText())) || await estimated();
  // The first window's walk has one statement shape per page size: prepared, it is planned once per connection (planning
  // cost about as much as running it). So has the first window of the index path everywhere (several words, or a word
  // the walk did not find): its text is built once and parsed once per connection, and PostgreSQL plans it with the
  // words' values while that beats its generic plan (docs/decisions/0105). Below a cursor, a generic plan does not
  // know how far down the cursor is and collects every post of the word (measured: 268 ms for 'grief'), so those are
  // planned with their values, as the scan, whose cap varies with the estimate, and the index path in a community.
  const read = () => {
    const w = { communityId, top, window, want, viewerId: view.viewerId, titles: view.titles, ...choice };
    const shaped = !top && (choice.strategy === 'terms' || (choice.strategy === 'index' && !communityId));
    if (!shaped) return queryRows<SearchRow>(db, openWindowQuery(text, w));
    return communityId ? queryPrepared<SearchRow>(db, openWindowQuery(text, w)) : firstWalk(view.run ?? runAlone(db), text, w);
  };
  let rows = await read();
  // The walk reached its cap with fewer than window + 1 matches (the other words are rare among the walked word's
  // posts): the estimate picks the way. No rows at all: nothing found, capped or not (or the text had no one word after
  // all, e.g. only a stop word), so the other way makes sure.
  if (choice.strategy === 'terms' && (rows.length === 0 || rows[0].scan_capped)) {
    choice = opts.strategy ? { strategy: 'index', cap: 0 } : await estimated();
    rows = await read();
  }
  // The scan reached its cap with fewer than window + 1 matches: the words are rarer among recent posts than estimated,
  // and the index path finds the window whatever it spans. (No rows at all: the scan found nothing, capped or not.)
  if (choice.strategy === 'scan' && (rows.length === 0 || rows[0].scan_capped)) {
    choice = { strategy: 'index', cap: 0 };
    rows = await read();
  }
  const first = rows[0];
  const bottom = first && (first.window_found ?? 0) > window && first.bottom_at && first.bottom_id
    ? { at: first.bottom_at, id: first.bottom_id } : null;
  return finish(rows, want, top, bottom);
}

/** The shown rows and where the next page starts: further in this window, or the next (older) window, or nowhere. */
function finish(rows: SearchRow[], want: number, top: PostKey | null, bottom: PostKey | null): Part {
  const shown = rows.slice(0, want);
  const last = shown[shown.length - 1];
  if (rows.length > want && last) return { rows: shown, next: { kind: 'in', top, bottom, ...position(last) } };
  return { rows: shown, next: bottom ? { kind: 'next', top: bottom } : null };
}

async function communitySize(db: Db, communityId: string): Promise<number> {
  const [row] = await queryRows<SqlRow<typeof communities, 'posts_count'>>(db, sql`SELECT posts_count FROM communities WHERE id = ${communityId}`);
  if (!row) throw notFound(COMMUNITY_NOT_FOUND);
  return row.posts_count;
}

/** Rows as every reader shares them, and the searcher's own likes and bookmarks when the search read them. */
type SearchRead = { page: SharedPostsPage; liked: Set<string>; saved: Set<string> };

/** Moves the searcher's flags out of the rows, which are then the same for every reader. */
function sharedRows(rows: SearchRow[], read: SearchRead): PostRow[] {
  return rows.map(({ viewer_liked: liked, viewer_saved: saved, ...row }) => {
    if (liked) read.liked.add(row.id);
    if (saved) read.saved.add(row.id);
    return row;
  });
}

async function searchShared(ctx: ServiceContext, text: string, opts: SearchOptions, view: View, pageSize = POSTS_PAGE_SIZE): Promise<SearchRead> {
  const { db } = ctx;
  const communityId = opts.communityId ?? null;
  const scopeSize = communityId ? await communitySize(db, communityId) : null;
  const read: SearchRead = { page: { rows: [], nextCursor: null }, liked: new Set(), saved: new Set() };
  if (!text.trim()) return read;
  const window = opts.window ?? SEARCH_WINDOW;
  let cursor = decodeSearchCursor(opts.before);
  const shown: SearchRow[] = [];
  let next: SearchCursor | null = null;
  for (let round = 0; round < Math.ceil(pageSize / window) + EXTRA_WINDOWS_PER_PAGE; round++) {
    const want = pageSize - shown.length;
    const part: Part = cursor?.kind === 'in'
      ? finish(await queryRows<SearchRow>(db, windowPageQuery(text, communityId, cursor, want, view.viewerId)), want, cursor.top, cursor.bottom)
      : await openWindow(ctx, text, view, {
        communityId, scopeSize, top: cursor?.top ?? null, window, want, strategy: opts.strategy, scanCap: opts.scanCap,
      });
    shown.push(...part.rows);
    next = part.next;
    if (!next || next.kind === 'in' || shown.length >= pageSize) break;
    cursor = next;
  }
  read.page = { rows: sharedRows(shown, read), nextCursor: next ? encodeSearchCursor(next) : null };
  return read;
}

// Results are the same for every reader, and a search costs milliseconds of database time, so they are kept 5 seconds
// rather than the forum's usual FORUM_CACHE_MS (forum-reads.ts): a burst of readers searching the same words, or paging
// the same results, costs one search (`forumSearches` in server/lib/caches.ts). Forum writes forget them at once.
/**
 * The page as every reader shares it (written as JSON once, page-json.ts) and this reader's likes and bookmarks in it.
 * The request that runs the search reads the searcher's likes and bookmarks in the same statements; a reader the kept
 * (or running) search answers reads theirs for the page.
 */
async function searchForReader(ctx: ServiceContext, viewerId: string, text: string, opts: SearchOptions): Promise<SearchRead> {
  let mine: SearchRead | null = null;
  const page = await forumRead(ctx, `search|${JSON.stringify([text, opts])}`, async () => {
    const read = await searchShared(ctx, text, opts, { viewerId, titles: false });
    mine = read;
    return withJson(read.page, 'posts', toPost);
  }, { ttlMs: lifetimeOf(ctx.config, 'forumSearches'), size: pageBytes });
  const own = mine as SearchRead | null;
  if (own?.page === page) return { page, liked: own.liked, saved: own.saved };
  return { page, ...await readerMarks(ctx.db, viewerId, page.rows.map((r) => r.id)) };
}

/**
 * Posts matching `text` (web search syntax), 20 a page, with the matched words wrapped in <mark></mark> in `highlight`.
 * Within a window the best match comes first; windows follow newest first, so every match is reachable by paging.
 */
export async function findPosts(ctx: ServiceContext, viewerId: string, text: string, opts: SearchOptions = {}): Promise<PostsPage> {
  const { page, liked, saved } = await searchForReader(ctx, viewerId, text, opts);
  return { posts: page.rows.map((r) => toPost(r, viewerId, liked.has(r.id), saved.has(r.id))), nextCursor: page.nextCursor };
}

/** findPosts as the JSON the route sends: the page's, written once for every reader, unless this reader's differs. */
export async function findPostsJson(ctx: ServiceContext, viewerId: string, text: string, opts: SearchOptions = {}): Promise<JsonAnswer> {
  const { page, liked, saved } = await searchForReader(ctx, viewerId, text, opts);
  return pageJsonFor(page, 'posts', viewerId, liked, toPost, saved);
}

/** A post as the top bar lists it. */
export type PostTitle = { id: string; title: string; author_id: string; author_name: string; community_id: string | null; community_name: string | null };

/**
 * The first `limit` posts of the search's first page (the same posts in the same order), titles only, kept like the
 * search: the top bar's posts group, which shows a few titles and no highlight, content or likes.
 */
export function findPostTitles(ctx: ServiceContext, text: string, limit: number, run?: RunShaped): Promise<PostTitle[]> {
  return forumRead(ctx, `search-titles|${limit}|${text}`, async () => {
    const { page } = await searchShared(ctx, text, {}, { viewerId: null, titles: true, run }, limit);
    return page.rows.map((r) => ({
      id: r.id, title: r.title, author_id: r.author_id, author_name: r.author_name, community_id: r.community_id, community_name: r.community_name,
    }));
  }, { ttlMs: lifetimeOf(ctx.config, 'forumSearches') });
}
