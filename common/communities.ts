import { z } from 'zod';
import { PageInfo } from './paging.ts';
import { COMMUNITIES_PAGE_SIZE } from './constants.ts';
import { IdSchema } from './ids.ts';
import { AGE_GROUPS, MODALITIES, SPECIALTIES } from './options.ts';

export const COMMUNITY_LIMITS = { name: 80, description: 1000, tags: 20, query: 200, maxPageSize: 50 } as const;

// Texts of the spec (sections 5, 8) and of this feature's errors, shared by the server and the screens.
export const NAME_REQUIRED = 'Name is required.';
export const COMMUNITY_NOT_FOUND = 'Community not found.';
export const COMMUNITY_NAME_TAKEN = 'A community with that name already exists.';

/** One free-text list ("CBT, , DBT ") as the spec says: comma-separated, trimmed, empties dropped, no repeats. */
export function splitTags(text: string): string[] {
  return [...new Set(text.split(',').map((t) => t.trim()).filter(Boolean))];
}

/** The option list's own spelling of a typed tag ("cbt" → "CBT"), or the tag unchanged when it is not an option. */
export function canonicalTag(tag: string, options: readonly string[]): string {
  const lower = tag.trim().toLowerCase();
  return options.find((o) => o.toLowerCase() === lower) ?? tag.trim();
}

// A tag list checked against its option list, so the recommendation tags always line up with profiles.
const tagList = (options: readonly string[], label: string) => z
  .array(z.string().max(120))
  .max(COMMUNITY_LIMITS.tags, `must have at most ${COMMUNITY_LIMITS.tags} items`)
  .transform((tags) => [...new Set(tags.map((t) => canonicalTag(t, options)).filter(Boolean))])
  .superRefine((tags, ctx) => {
    const unknown = tags.find((t) => !options.includes(t));
    if (unknown) ctx.addIssue({ code: 'custom', message: `'${unknown}' is not one of the ${label}` });
  })
  .default([]);

/** POST /api/communities. An empty name is checked in the route so the message is the spec's own. */
export const CreateCommunityBody = z.object({
  name: z.string().max(COMMUNITY_LIMITS.name, `must be at most ${COMMUNITY_LIMITS.name} characters`).default(''),
  description: z.string().max(COMMUNITY_LIMITS.description, `must be at most ${COMMUNITY_LIMITS.description} characters`).default(''),
  specialties: tagList(SPECIALTIES, 'specialties'),
  modalities: tagList(MODALITIES, 'therapy types'),
  demographics: tagList(AGE_GROUPS, 'age groups'),
});
export type CreateCommunityInput = z.input<typeof CreateCommunityBody>;
export type NewCommunity = z.infer<typeof CreateCommunityBody>;

const page = z.coerce.number().int('must be a whole number').min(1, 'must be at least 1').max(100_000).default(1);
const limit = z.coerce.number().int('must be a whole number').min(1, 'must be at least 1')
  .max(COMMUNITY_LIMITS.maxPageSize, `must be at most ${COMMUNITY_LIMITS.maxPageSize}`).default(COMMUNITIES_PAGE_SIZE);

export const CommunitiesQuery = z.object({ page, limit });
export const CommunitySearchQuery = z.object({
  query: z.string().trim().max(COMMUNITY_LIMITS.query, `must be at most ${COMMUNITY_LIMITS.query} characters`).default(''),
  page,
  limit,
});
export const ShortListQuery = z.object({
  limit: z.coerce.number().int('must be a whole number').min(1, 'must be at least 1').max(100, 'must be at most 100').optional(),
});

export const CommunitySchema = z.object({
  _id: IdSchema,
  name: z.string(),
  description: z.string(),
  specialties: z.array(z.string()),
  modalities: z.array(z.string()),
  demographics: z.array(z.string()),
  totalPostsCount: z.number(),
  membersCount: z.number(),
  lastPostAt: z.string().nullable(),
  createdAt: z.string(),
  /** Whether the signed-in user is a member; false when signed out. */
  joined: z.boolean(),
});
export type Community = z.infer<typeof CommunitySchema>;

/** GET /api/communities and GET /api/communities/search */
export const CommunitiesPageSchema = z.object({
  communities: z.array(CommunitySchema),
  ...PageInfo,
});
export type CommunitiesPage = z.infer<typeof CommunitiesPageSchema>;

/** GET /api/communities/recommendations: each community with the profile tags that matched it. */
export const RecommendationSchema = CommunitySchema.extend({
  matched: z.object({ specialties: z.array(z.string()), modalities: z.array(z.string()), demographics: z.array(z.string()) }),
  recentPostsCount: z.number(),
});
export type Recommendation = z.infer<typeof RecommendationSchema>;
