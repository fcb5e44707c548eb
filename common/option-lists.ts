// Zod schemas for lists of values from one option list (common/options.ts), in a body or a query, shared by the
// referrals' and the directory's schemas.
import { z } from 'zod';
import { LIMITS } from './constants.ts';

/** Keeps only values of one option list, without repeats; the message names the first stranger so a form can point at it. */
export function optionList(options: readonly string[], max: number = LIMITS.listItems) {
  const allowed = new Set(options);
  return z.array(z.string().trim().max(LIMITS.shortText))
    .max(max, `must have at most ${max} values`)
    .superRefine((values, ctx) => {
      const stranger = values.find((v) => !allowed.has(v));
      if (stranger !== undefined) ctx.addIssue({ code: 'custom', message: `"${stranger}" is not one of the options` });
    })
    .transform((values) => [...new Set(values)]);
}

/** A query list may arrive comma-separated (?a=x,y), repeated (?a=x&a=y) or both; no option contains a comma. */
export function splitList(value: unknown) {
  if (value === undefined) return undefined;
  const parts = (Array.isArray(value) ? value : [value]).flatMap((v) => (typeof v === 'string' ? v.split(',') : [v]));
  return parts.map((p) => (typeof p === 'string' ? p.trim() : p)).filter((p) => p !== '');
}
