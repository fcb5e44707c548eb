// The notifications' pages are JSON text written by PostgreSQL (decision 0106): the same bytes JSON.stringify would
// write for the items as stored, whatever their names and titles hold, with the actors of the three slots in their
// order; the devices and emails get the same items; an item never names more than three actors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { NotificationsPage, type NotificationItem } from '../../../common/notifications.ts';
import { queryRows } from '../../db/client.ts';
import * as q from './queries.ts';

let ctx: TestContext;
let reader: TestUser, amara: TestUser, ben: TestUser, cai: TestUser;
const UNKNOWN = '00000000-0000-4000-8000-000000000000';
// What escaping must get right: quotes, backslashes, control characters, markup, characters beyond ASCII.
const AWKWARD = 'Say "hi" \\ back\nthen\ttab \u0001 </script> café 🌿 \u2028';

beforeAll(async () => {
  ctx = await createTestContext();
  reader = await createUser(ctx.db, { name: 'Rae Reader' });
  [amara, ben, cai] = await Promise.all(['Amara "Mara" O\'Kafor', 'Ben \\ Mensah', `Cai ${AWKWARD}`].map((name) => createUser(ctx.db, { name })));
  await ctx.db.execute(sql`UPDATE users SET avatar = '/api/users/x/avatar/abc.webp' WHERE id = ${ben.id}`);
});
afterAll(() => ctx.close());

type Stored = { actors: string[]; title: string; at: string; readAt: string | null; count: number };

async function store(item: Stored): Promise<string> {
  const [row] = await queryRows<{ id: string }>(ctx.db, sql`
    INSERT INTO notifications (user_id, type, actor_ids, actor_count, target_kind, target_id, target_title, target_url, place, created_at, read_at)
    VALUES (${reader.id}, 'postLike', ${sql.param(item.actors)}::uuid[], ${item.count}, 'post', ${UNKNOWN}, ${item.title},
      ${`/post/${UNKNOWN}?q="x"`}, 'the forums', ${item.at}, ${item.readAt}) RETURNING id`);
  return row.id;
}

const actorOf = (user: TestUser, avatar: string | null = null) => ({ _id: user.id, name: user.name, avatar });

describe('a page of notifications', () => {
  it('is the JSON JSON.stringify writes for the stored items, byte for byte, and the devices get the same items', async () => {
    const older = await store({ actors: [ben.id], title: 'Plain', at: '2026-01-02T03:04:05.678901Z', readAt: '2026-01-03T00:00:00.5Z', count: 1 });
    // Newest liker first; a slot naming no member is left out.
    const newer = await store({ actors: [cai.id, UNKNOWN, amara.id], title: AWKWARD, at: '2026-01-02T03:04:06.000001Z', readAt: null, count: 7 });
    const expected: NotificationItem[] = [
      {
        _id: newer, type: 'postLike', actors: [actorOf(cai), actorOf(amara)], count: 7,
        target: { kind: 'post', _id: UNKNOWN, title: AWKWARD, url: `/post/${UNKNOWN}?q="x"` }, detail: null, createdAt: '2026-01-02T03:04:06.000Z', readAt: null,
      },
      {
        _id: older, type: 'postLike', actors: [actorOf(ben, '/api/users/x/avatar/abc.webp')], count: 1,
        target: { kind: 'post', _id: UNKNOWN, title: 'Plain', url: `/post/${UNKNOWN}?q="x"` }, detail: null, createdAt: '2026-01-02T03:04:05.678Z',
        readAt: '2026-01-03T00:00:00.500Z',
      },
    ];

    const res = await ctx.app.inject({ method: 'GET', url: '/api/notifications?limit=1', headers: reader.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const page = NotificationsPage.parse(res.json());
    expect(res.body).toBe(JSON.stringify({ notifications: [expected[0]], nextCursor: page.nextCursor }));
    const next = await ctx.app.inject({ method: 'GET', url: `/api/notifications?limit=1&before=${page.nextCursor}`, headers: reader.headers });
    expect(next.body).toBe(JSON.stringify({ notifications: [expected[1]], nextCursor: null }));

    // The default page (the one each node keeps) is the same text.
    const whole = await ctx.app.inject({ method: 'GET', url: '/api/notifications', headers: reader.headers });
    expect(whole.body).toBe(JSON.stringify({ notifications: expected, nextCursor: null }));

    const sent = await q.byIds(ctx.db, [newer, older]);
    expect(new Map(sent.map((row) => [row.id, row.item]))).toEqual(new Map(expected.map((item) => [item._id, item])));
  });

  it('never names more than three actors: the database refuses a fourth', async () => {
    await expect(store({ actors: [amara.id, ben.id, cai.id, reader.id], title: 'Four', at: '2026-01-01T00:00:00Z', readAt: null, count: 4 }))
      .rejects.toThrow();
    expect(q.MAX_ACTORS).toBe(3);
  });
});
