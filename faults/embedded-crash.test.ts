// Scenario 5: npm start's embedded database killed with SIGKILL in the middle of writes, then started again.
// It must open, keep every write whose 201 arrived, and hold no half-written one (a post and its community's counter
// commit together). Several kills in a row on the same data directory, each at a different moment.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { recordScenario } from './results.ts';
import { AppProcess, signIn, sleep } from './embedded/app-process.ts';
import { migratedDataDir } from './embedded/template.ts';
import { checkCommunity, createCommunity, newWriteLog, writeUntil } from './embedded/writes.ts';

const PORT = 3361;
const ROUNDS = 3;
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'thera-faults-crash-'));
const dataDir = path.join(root, 'data');
const env = { WRITE_LIMITS: 'posts=1000000/60,communities=1000/60', JOBS_POLL_MS: '1000' };
let app: AppProcess | undefined;

afterAll(async () => {
  await app?.stop('SIGKILL');
  fs.rmSync(root, { recursive: true, force: true });
});

describe('embedded database killed during writes', () => {
  it('opens again with every acknowledged write and no half-written one', async () => {
    const log = newWriteLog();
    const recoveries: number[] = [];
    const checks = [];
    let communityId = '';
    await migratedDataDir(dataDir, PORT);
    app = new AppProcess({ port: PORT, dataDir, env });
    await app.ready();
    for (let round = 1; round <= ROUNDS; round++) {
      const token = await signIn(app.url);
      communityId ||= await createCommunity(app.url, token, 'Crash drill');
      // Killed at a different point of the write stream each round: after 20, 60, 100 acknowledged writes and a pause.
      const killAfter = log.acknowledged.size + 20 + 40 * (round - 1);
      let killed = false;
      const writing = writeUntil(app.url, token, communityId, log, () => killed);
      while (log.acknowledged.size < killAfter && app.running) await sleep(5);
      await sleep(Math.random() * 100);
      app.child.kill('SIGKILL');
      killed = true;
      await app.exited;
      await writing;

      const restarted = Date.now();
      app = new AppProcess({ port: PORT, dataDir, env });
      await app.ready();
      recoveries.push(Date.now() - restarted);
      const check = await checkCommunity(app.url, await signIn(app.url), communityId, log.acknowledged);
      checks.push(check);
      expect(check.lost, `acknowledged posts missing after kill ${round}`).toEqual([]);
      expect(check.counter, `the community's counter and its posts disagree after kill ${round}`).toBe(check.listed);
      // Posts in flight at the kill may have committed without their answer: at most one per writer.
      expect(check.listed - log.acknowledged.size).toBeLessThanOrEqual(6 * round);
    }
    recordScenario('embedded-kill-during-writes', {
      recoveryMs: Math.max(...recoveries),
      failedRequests: log.byStatus,
      acknowledgedWritesLost: checks.reduce((n, c) => n + c.lost.length, 0),
      messagesDoubled: 0,
      kills: ROUNDS,
      acknowledgedWrites: log.acknowledged.size,
      committedWithoutAnswer: checks.at(-1)!.listed - log.acknowledged.size,
      halfWritten: checks.filter((c) => c.counter !== c.listed).length,
      recoveriesMs: recoveries,
    });
  });
});
