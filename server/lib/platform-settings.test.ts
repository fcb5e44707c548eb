import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { testConfig } from '../config.ts';
import { createCaches } from './caches.ts';
import { readSetting, saveSetting } from './platform-settings.ts';
import { openTestDatabase } from '../test/harness.ts';
import { createAdmin } from '../test/factories.ts';
import type { Db } from '../db/client.ts';

let db: Db;
let close: () => Promise<void>;
beforeAll(async () => ({ db, close } = await openTestDatabase()));
afterAll(() => close());

// One node's caches joined to a fan-out of its own: what it publishes reaches its own listeners, as over Redis.
function node() {
  const config = testConfig();
  const caches = createCaches(config);
  const listeners = new Map<string, (payload: unknown) => void>();
  caches.connect({ fanOut: (name, payload) => listeners.get(name)?.(payload), onFanOut: (name, fn) => void listeners.set(name, fn) });
  return { db, config, caches, cache: caches.shared };
}

describe('platform settings', () => {
  it('reads the initial value until one is saved, then the saved one at once (the cache is cleared)', async () => {
    const ctx = node();
    const admin = await createAdmin(db);
    expect(await readSetting(ctx, 'forumIdentifyingDetails')).toBe('confirm');
    let audited = false;
    await saveSetting(ctx, 'forumIdentifyingDetails', 'refuse', admin.id, async () => { audited = true; });
    expect(audited).toBe(true);
    expect(await readSetting(ctx, 'forumIdentifyingDetails')).toBe('refuse');
    await saveSetting(ctx, 'forumIdentifyingDetails', 'confirm', admin.id);
    expect(await readSetting(ctx, 'forumIdentifyingDetails')).toBe('confirm');
  });

  it('never stores a value its schema refuses, and reads a stored value it no longer accepts as the initial one', async () => {
    const ctx = node();
    const admin = await createAdmin(db);
    await expect(saveSetting(ctx, 'forumIdentifyingDetails', 'sometimes' as 'refuse', admin.id)).rejects.toThrow();
    await db.execute(sql`UPDATE platform_settings SET value = '"sometimes"' WHERE name = 'forumIdentifyingDetails'`);
    expect(await readSetting(node(), 'forumIdentifyingDetails')).toBe('confirm');
  });
});
