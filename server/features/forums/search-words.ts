// What a search's words are and how common (search.ts chooses its way by them): the words every match must hold, and
// the planner's estimate of the matches. A text of plain words is looked at word by word, each word's figures kept
// (they are the same in every search that has the word), so a search of words seen before asks PostgreSQL nothing
// before its own statement (docs/decisions/0100).
import { sql, type Placeholder } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import type { ServiceContext } from '../../context.ts';
import { lifetimeOf } from '../../lib/caches.ts';

export const tsQuery = (text: string | Placeholder) => sql`websearch_to_tsquery('english', ${text})`;

export type Estimate = { matches: number; total: number };
type PlanNode = { 'Plan Rows'?: number; Plans?: PlanNode[] };

/** The planner's estimate (from ANALYZE statistics, no scan) of how many posts match, and of how many posts there are. */
export async function estimateMatches(db: Db, text: string): Promise<Estimate> {
  const [row] = await queryRows<{ 'QUERY PLAN': unknown }>(db, sql`EXPLAIN (FORMAT JSON)
    SELECT 1 FROM posts p WHERE p.search @@ ${tsQuery(text)} UNION ALL SELECT 1 FROM posts p`);
  const raw = row?.['QUERY PLAN'];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
  const [matches, all] = plan?.[0]?.Plan?.Plans ?? [];
  return { matches: matches?.['Plan Rows'] ?? 1, total: all?.['Plan Rows'] ?? 1 };
}

// Estimates come from ANALYZE statistics, which change slowly: the read cache keeps them for a minute
// (`searchEstimates` in server/lib/caches.ts), so a repeated search or the next page of one does not plan the estimate
// again. No event clears them. A word's stem never changes; it is kept as long.

export const cachedEstimate = (ctx: ServiceContext, text: string): Promise<Estimate> =>
  ctx.cache.read(`search-estimates:${text}`, () => estimateMatches(ctx.db, text), { ttlMs: lifetimeOf(ctx.config, 'searchEstimates') });

/**
 * The words every match must hold. querytree() keeps the part of the query an index can search (excluded words are
 * left out), so with no OR every word left is required.
 */
export async function requiredWords(db: Db, text: string): Promise<string[]> {
  const [row] = await queryRows<{ tree: string }>(db, sql`SELECT querytree(${tsQuery(text)})::text AS tree`);
  const tree = row?.tree ?? '';
  if (tree.includes('|') || tree.includes('!(') || tree.includes('! (')) return [];
  const words: string[] = [];
  // Each lexeme is quoted, quotes inside doubled and backslashes escaped; one right after '!' is excluded, not required.
  // (A word misread here finds no posts, and the estimate's path answers.)
  for (const match of tree.matchAll(/(!?)\s*'((?:[^'\\]|''|\\.)*)'/g)) {
    if (!match[1]) words.push(match[2].replace(/''|\\(.)/g, (_pair, escaped?: string) => escaped ?? "'"));
  }
  return words;
}

// Plain words, each maybe excluded with '-' (web search syntax); anything else (quotes, OR, hyphenated or symbol words)
// may make several required words and goes the way that asks for them first.
const PLAIN = /^-?[\p{L}\p{N}]+$/u;

const tokensOf = (text: string) => text.trim().split(/\s+/).filter(Boolean);

/** Whether the text has at most one required word by its look alone: then its search starts with the one-word walk. */
export function looksOneWord(text: string): boolean {
  const tokens = tokensOf(text);
  if (!tokens.length || !tokens.every((t) => PLAIN.test(t))) return false;
  const required = tokens.filter((t) => !t.startsWith('-'));
  return required.length === 1 && required[0].toLowerCase() !== 'or';
}

/** A plain word's lexemes (none for a stop word) and its estimate, kept: the same in every search that has the word. */
type Word = { lexemes: string[]; estimate: Estimate };

const wordOf = (ctx: ServiceContext, token: string): Promise<Word> =>
  ctx.cache.read(`search-words:${token}`, async () => {
    const [lexemes, estimate] = await Promise.all([requiredWords(ctx.db, token), estimateMatches(ctx.db, token)]);
    return { lexemes, estimate };
  }, { ttlMs: lifetimeOf(ctx.config, 'searchEstimates') });

/** The required words of a text, each with its estimated matches, and the estimate for the whole text. */
export type Words = { words: { word: string; matches: number }[]; estimate: Estimate };

/**
 * Words and estimate of a text of plain words, from each required word's kept figures: as the planner estimates a text,
 * the product of its words' shares of the posts (its selectivity of an AND), excluded words left out (they only take
 * a few matches away; a walk that then reaches its cap falls back as ever). Null when the text is not plain words, a
 * word is more than one lexeme (e.g. letters and digits), or no word is required: then requiredWords and
 * estimateMatches on the whole text answer.
 */
export async function plainWords(ctx: ServiceContext, text: string): Promise<Words | null> {
  const tokens = tokensOf(text);
  if (!tokens.length || !tokens.every((t) => PLAIN.test(t))) return null;
  const required = tokens.filter((t) => !t.startsWith('-'));
  if (!required.length || tokens.some((t) => t.replace(/^-/, '').toLowerCase() === 'or')) return null;
  const found = await Promise.all(required.map((t) => wordOf(ctx, t)));
  if (found.some((w) => w.lexemes.length > 1)) return null;
  const total = Math.max(1, found[0].estimate.total);
  const words = new Map<string, number>();
  for (const { lexemes: [lexeme], estimate } of found) if (lexeme !== undefined) words.set(lexeme, estimate.matches);
  const share = [...words.values()].reduce((product, matches) => product * Math.min(1, matches / total), 1);
  return {
    words: [...words].map(([word, matches]) => ({ word, matches })),
    estimate: { matches: Math.max(1, Math.round(share * total)), total },
  };
}
