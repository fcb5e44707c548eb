// Scenario 5, second half: the embedded database's disk fills up during writes. Writes are refused with a
// clear 507 {msg} (never a 500, never a crash), reads go on, nothing acknowledged is lost or half-written, and writes
// work again as soon as space returns. DATA_DIR is a small file system the test mounts (tmpfs, else a loop device).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { recordScenario } from './results.ts';
import { AppProcess, call, signIn } from './embedded/app-process.ts';
import { fillDisk, mountSmallDisk, pathIn, type SmallDisk } from './embedded/disk.ts';
import { migratedDataDir } from './embedded/template.ts';
import { checkCommunity, createCommunity } from './embedded/writes.ts';

const PORT = 3362;
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'thera-faults-disk-'));
let disk: SmallDisk | undefined;
let app: AppProcess | undefined;

afterAll(async () => {
  await app?.stop('SIGKILL');
  disk?.unmount();
  fs.rmSync(root, { recursive: true, force: true });
});

const post = (url: string, token: string, communityId: string, n: number) =>
  // Long enough that the table needs a new page every few posts, so the full disk is met at once.
  call(url, 'POST', '/api/forumPosts', token, { title: `Disk post ${n}`, content: `${n} `.padEnd(3000, 'x'), communityId });

describe('embedded database on a full disk', () => {
  it('refuses writes with 507 {msg} while full, keeps serving reads, and writes again once space returns', async () => {
    disk = mountSmallDisk(path.join(root, 'disk'), 96);
    const dataDir = pathIn(disk, 'data');
    await migratedDataDir(dataDir, PORT);
    app = new AppProcess({ port: PORT, dataDir, env: { WRITE_LIMITS: 'posts=1000000/60,communities=1000/60' } });
    await app.ready();
    const token = await signIn(app.url);
    const communityId = await createCommunity(app.url, token, 'Disk drill');
    const acknowledged = new Set<string>();
    const failed: Record<string, number> = {};
    const refusals: unknown[] = [];
    let n = 0;
    const write = async () => {
      const res = await post(app!.url, token, communityId, n++);
      if (res.status === 201) acknowledged.add(String(res.body?._id));
      else {
        failed[res.status] = (failed[res.status] ?? 0) + 1;
        refusals.push({ status: res.status, body: res.body });
      }
      return res.status;
    };
    for (let i = 0; i < 20; i++) expect(await write()).toBe(201);

    const filler = pathIn(disk, 'filler');
    fillDisk(filler);
    const whileFull: number[] = [];
    for (let i = 0; i < 40; i++) whileFull.push(await write());
    expect(whileFull.filter((s) => s !== 201 && s !== 507), JSON.stringify(refusals.slice(0, 3))).toEqual([]);
    expect(whileFull.filter((s) => s === 507).length, 'no write was refused: the disk never filled').toBeGreaterThan(0);
    for (const refusal of refusals) expect(refusal).toMatchObject({ status: 507, body: { msg: expect.stringMatching(/space/i) } });
    expect(app.running).toBe(true);
    expect((await call(app.url, 'GET', `/api/communities/${communityId}`, token)).status).toBe(200);

    fs.rmSync(filler);
    const freed = Date.now();
    let status = 0;
    for (let i = 0; i < 50 && status !== 201; i++) status = await write();
    const recoveryMs = Date.now() - freed;
    expect(status, 'writes did not work again after space returned').toBe(201);
    for (let i = 0; i < 10; i++) expect(await write()).toBe(201);

    // Nothing lost or half-written, in this process and after a restart.
    for (const restart of [false, true]) {
      if (restart) {
        expect((await app.stop('SIGTERM')).code).toBe(0);
        app = new AppProcess({ port: PORT, dataDir, env: {} });
        await app.ready();
      }
      const check = await checkCommunity(app.url, await signIn(app.url), communityId, acknowledged);
      expect(check.lost).toEqual([]);
      expect(check.counter).toBe(check.listed);
      expect(check.listed).toBe(acknowledged.size);
    }
    recordScenario('embedded-full-disk', {
      recoveryMs,
      failedRequests: failed,
      acknowledgedWritesLost: 0,
      messagesDoubled: 0,
      writesRefusedWhileFull: whileFull.filter((s) => s === 507).length,
      writesAcceptedWhileFull: whileFull.filter((s) => s === 201).length,
    });
  });
});
