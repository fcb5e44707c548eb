// The platform's administrator-set settings (retention, sign-in policy, forum privacy...), declared once here: each
// has a zod schema and the value it has until an administrator saves one. They are read on request paths, so a read
// comes from the shared read cache; saving one publishes `settings.changed`, which clears it on every node.
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { RETENTION_DEFAULTS, RetentionSettings } from '../../common/retention.ts';
import { INITIAL_SECURITY_POLICY, SecurityPolicySchema } from '../../common/security-policy.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import { platformSettings } from '../db/schema.ts';
import { lifetimeOf } from './caches.ts';

type Declared<T> = { schema: z.ZodType<T>; initial: T };
const declare = <T>(schema: z.ZodType<T>, initial: T): Declared<T> => ({ schema, initial });

/** Every setting: its schema (the one its API route validates with) and its value before anyone saved one. */
const PLATFORM_SETTINGS = {
  /** What a forum post or comment that looks identifying meets: a question the writer can confirm, or a refusal. */
  forumIdentifyingDetails: declare(z.enum(['confirm', 'refuse']), 'confirm'),
  /** How long each kind of record is kept before the daily purge removes it (features/admin/retention-purge.ts). */
  retention: declare(RetentionSettings, RETENTION_DEFAULTS),
  /** How long a session may sit idle, and who must have a second factor (server/lib/auth.ts applies both). */
  securityPolicy: declare(SecurityPolicySchema, INITIAL_SECURITY_POLICY),
} satisfies Record<string, Declared<unknown>>;

export type SettingName = keyof typeof PLATFORM_SETTINGS;
export type SettingValue<N extends SettingName> = (typeof PLATFORM_SETTINGS)[N]['initial'];

type Ctx = Pick<AppContext, 'db' | 'cache' | 'caches' | 'config'>;
const cacheKey = (name: string) => `platform-settings:${name}`;

/** The setting as saved, or its initial value; a saved value its schema no longer accepts reads as the initial one. */
export async function readSetting<N extends SettingName>(ctx: Ctx, name: N): Promise<SettingValue<N>> {
  const declared: Declared<unknown> = PLATFORM_SETTINGS[name];
  return ctx.cache.read(cacheKey(name), async () => {
    const [row] = await ctx.db.select({ value: platformSettings.value }).from(platformSettings).where(eq(platformSettings.name, name));
    const parsed = row ? declared.schema.safeParse(row.value) : undefined;
    return parsed?.success ? parsed.data : declared.initial;
  }, { ttlMs: lifetimeOf(ctx.config, 'platformSettings') }) as Promise<SettingValue<N>>;
}

/**
 * Saves a setting in one transaction with whatever else the change writes (`also`: its audit entry), then clears it on
 * every node. The value is parsed by its schema again, so nothing unchecked is ever stored.
 */
export async function saveSetting<N extends SettingName>(
  ctx: Ctx, name: N, value: SettingValue<N>, actorId: string, also?: (tx: Db) => Promise<void>,
): Promise<SettingValue<N>> {
  const declared: Declared<unknown> = PLATFORM_SETTINGS[name];
  const checked = declared.schema.parse(value) as SettingValue<N>;
  await ctx.db.transaction(async (tx) => {
    await tx.insert(platformSettings).values({ name, value: checked, updatedBy: actorId })
      .onConflictDoUpdate({ target: platformSettings.name, set: { value: checked, updatedBy: actorId, updatedAt: sql`now()` } });
    await also?.(tx);
  });
  ctx.caches.publish({ type: 'settings.changed' });
  return checked;
}
