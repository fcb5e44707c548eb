// One search box: GET /api/search?q= answers the top few matches of each kind, grouped, for the top bar.
import { z } from 'zod';
import { RESOURCE_CATEGORIES } from './options.ts';

const SEARCH_QUERY_MAX = 100;
/** Matches shown per group; each group links to its screen's full search for the rest. */
export const SEARCH_GROUP_SIZE = 5;
export const SEARCH_KINDS = ['therapists', 'posts', 'communities', 'resources'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** GET /api/search */
export const SearchQuery = z.object({
  q: z.string().trim().min(1, 'is required').max(SEARCH_QUERY_MAX, `must be at most ${SEARCH_QUERY_MAX} characters`),
});

/**
 * One match. What the line under its title says is sent as values, never as English words, and the web app says it
 * in the reader's language: a therapist's profession and place (their own words), a post's community and author
 * (names), a community's number of members, a resource's category (a stored value of RESOURCE_CATEGORIES, labelled
 * from the catalogue's option list). Only the fields of the item's kind are present.
 */
export const SearchItem = z.object({
  _id: z.string(),
  title: z.string(),
  /** Where the result opens in the web app. */
  href: z.string(),
  profession: z.string().optional(),
  location: z.string().optional(),
  community: z.string().optional(),
  author: z.string().optional(),
  membersCount: z.number().int().optional(),
  category: z.enum(RESOURCE_CATEGORIES).optional(),
});
export type SearchItem = z.infer<typeof SearchItem>;

export const SearchGroup = z.object({
  /** Which group: the web app names it in the reader's language. */
  kind: z.enum(SEARCH_KINDS),
  /** The screen's own full search for these words. */
  href: z.string(),
  items: z.array(SearchItem).max(SEARCH_GROUP_SIZE),
});
export type SearchGroup = z.infer<typeof SearchGroup>;

/** Every kind, in SEARCH_KINDS order, an empty group included (the box says "No matches" for it). */
export const SearchResponse = z.object({ q: z.string(), groups: z.array(SearchGroup) });
export type SearchResponse = z.infer<typeof SearchResponse>;
