// What the attack sweep of round three (attack-sweep.test.ts, docs/decisions/0360) found, one test each, at the route
// that showed it and at the others that shared the cause.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './harness.ts';
import { createActors, createWorld, type Actors, type World } from './attack-world.ts';

let ctx: TestContext;
let actors: Actors;
let world: World;

beforeAll(async () => {
  ctx = await createTestContext();
  actors = await createActors(ctx);
  world = await createWorld(ctx, actors);
}, 180_000);
afterAll(() => ctx?.close());

const BOUNDARY = 'finding-boundary';
const partOnly = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nx\r\n`;

describe('a multipart body that ends before its closing boundary', () => {
  it('is refused with 400 {msg, code} by every upload (it was a 500)', async () => {
    for (const url of [`/api/practices/${world.practiceId}/logo`, '/api/users/me/avatar', '/api/files']) {
      for (const body of [partOnly, `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n`]) {
        const res = await ctx.app.inject({
          method: 'POST', url, payload: body,
          headers: { ...world.owner.headers, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
        });
        expect(res.statusCode, `${url} → ${res.body}`).toBe(400);
        expect(res.json(), url).toEqual({ msg: 'Malformed upload: the multipart body ends early or is not well formed.', code: 'BAD_REQUEST' });
      }
    }
  });
});
