import { z } from 'zod';
import { PageInfo } from './paging.ts';
import { LIMITS, RESOURCES_MAX_PAGE_SIZE, RESOURCES_PAGE_SIZE } from './constants.ts';
import { RESOURCE_CATEGORIES } from './options.ts';

export const RESOURCE_TITLE_MAX = 200;
export const RESOURCE_DESCRIPTION_MAX = 2000;
const RESOURCE_SEARCH_MAX = 200;

// The spec's texts (sections 5 and 8).
export const RESOURCE_SUBMITTED = 'Resource submitted for approval successfully!';
export const RESOURCE_SUBMIT_FAILED = 'Failed to submit resource.';
export const RESOURCE_LOGIN_REQUIRED = 'You must be logged in to submit a resource.';
export const NO_PERMISSION_PAGE = 'You do not have permission to view this page.';

const required = (max: number) => z.string().trim().min(1, 'is required').max(max, `must be at most ${max} characters`);

/** Only http and https: a `javascript:` or `data:` link would run or smuggle content when opened. */
const ResourceLink = z.string().trim().min(1, 'is required').max(LIMITS.url, `must be at most ${LIMITS.url} characters`)
  .pipe(z.url({ protocol: /^https?$/, message: 'must be an http or https URL' }))
  // Stored as the browser will read it, so what the list shows is what opens.
  .transform((link) => new URL(link).href);

export const ResourceBody = z.object({
  title: required(RESOURCE_TITLE_MAX),
  link: ResourceLink,
  category: z.enum(RESOURCE_CATEGORIES, { message: `must be one of ${RESOURCE_CATEGORIES.join(', ')}` }),
  description: required(RESOURCE_DESCRIPTION_MAX),
});
export type ResourceInput = z.infer<typeof ResourceBody>;

const page = z.coerce.number({ message: 'must be a number' }).int('must be a whole number').min(1, 'must be 1 or more').max(100_000, 'is too large').default(1);
const limit = z.coerce.number({ message: 'must be a number' }).int('must be a whole number').min(1, 'must be 1 or more')
  .max(RESOURCES_MAX_PAGE_SIZE, `must be at most ${RESOURCES_MAX_PAGE_SIZE}`).default(RESOURCES_PAGE_SIZE);

export const ResourceListQuery = z.object({
  page,
  limit,
  category: z.enum(RESOURCE_CATEGORIES, { message: 'is not a known category' }).optional(),
});
export type ResourceListParams = z.infer<typeof ResourceListQuery>;

export const ResourceSearchQuery = ResourceListQuery.extend({
  query: z.string().trim().min(1, 'is required').max(RESOURCE_SEARCH_MAX, `must be at most ${RESOURCE_SEARCH_MAX} characters`),
});

export const AdminResourceListQuery = z.object({ page, limit });

const ResourceSchema = z.object({
  _id: z.string(),
  title: z.string(),
  link: z.string(),
  description: z.string(),
  category: z.string(),
  isApproved: z.boolean(),
  /** Null when the submitter's account is gone: shown as 'Unknown'. */
  createdBy: z.object({ name: z.string() }).nullable(),
  createdAt: z.string(),
  approvedAt: z.string().nullable(),
});
export type Resource = z.infer<typeof ResourceSchema>;

export const ResourcePageSchema = z.object({
  resources: z.array(ResourceSchema),
  ...PageInfo,
});
export type ResourcePage = z.infer<typeof ResourcePageSchema>;

export const ResourceResponse = z.object({ msg: z.string(), resource: ResourceSchema });
