import { z } from 'zod';

/** The place of a page-numbered list (`totalPages` is at least 1: server/lib/paging.ts `pageInfo`), spread into its schema. */
export const PageInfo = { totalPages: z.number(), currentPage: z.number() };
