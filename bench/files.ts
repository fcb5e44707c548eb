// Documents' throughput and cost: on each storage backend (the database, and S3 through s3rver), upload and
// download of a 1 MB and a 10 MB file (MB/s, p95 of the request, and the server's CPU seconds per MB, encryption
// included); p95 of GET /api/files/{id}/thumbnail at 50 connections (budget 25 ms); the server's memory while 20
// uploads of 20 MB run at once (they must stream: the peak must stay far below 400 MB). The server is a production
// process of its own on PostgreSQL; each phase is bounded in time. The thumbnail phase also reports the server's and
// its PostgreSQL backends' CPU per request. Results: bench/results/files.json (with --save=1).
// Run: node bench/files.ts [--seconds=20] [--thumb-seconds=10] [--backends=db,s3] [--save=1]
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows, type Db } from '../server/db/client.ts';
import { createSession } from '../server/lib/auth.ts';
import { startS3, type TestS3 } from '../server/test/s3.ts';
import { startServerProcess, type ServerProcess } from '../scripts/server-process.ts';
import { ensureKeyFile } from '../faults/harness/key-file.ts';
import { arg, benchDatabase, measure, PG_BASE, writeResult } from './lib.ts';
import { loadAverage } from './machine.ts';
import { cpuSeconds, rssMb } from './proc.ts';
import sharp from 'sharp';

const SECONDS = Number(arg('seconds', '20'));
const THUMB_SECONDS = Number(arg('thumb-seconds', '10'));
const BACKENDS = arg('backends', 'db,s3').split(',') as ('db' | 's3')[];
const PORT = Number(process.env.BENCH_PORT ?? 3343);
const BASE = `http://127.0.0.1:${PORT}`;
const MB = 1024 * 1024;

/** Plain text of `bytes` bytes (text streams through the node; images and PDFs are read whole by design). */
function textFile(bytes: number): Buffer {
  const line = Buffer.from('The client prefers evening sessions and written summaries of each session.\n');
  const out = Buffer.alloc(bytes);
  for (let at = 0; at < bytes; at += line.length) line.copy(out, at, 0, Math.min(line.length, bytes - at));
  return out;
}

async function upload(token: string, name: string, bytes: Buffer, type = 'text/plain'): Promise<{ ms: number; id: string }> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const started = performance.now();
  const res = await fetch(`${BASE}/api/files`, { method: 'POST', headers: { 'x-auth-token': token }, body: form });
  const body = await res.json() as { _id: string; msg?: string };
  if (res.status !== 201) throw new Error(`upload ${res.status}: ${body.msg}`);
  return { ms: performance.now() - started, id: body._id };
}

async function download(token: string, id: string, size: number): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${BASE}/api/files/${id}`, { headers: { 'x-auth-token': token } });
  let got = 0;
  const reader = res.body!.getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) got += next.value.length;
  if (res.status !== 200 || got !== size) throw new Error(`download ${res.status}, ${got} of ${size} bytes`);
  return performance.now() - started;
}

const p95 = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(0.95 * sorted.length))]);
};
const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

/** One way (upload or download) of one size, one request at a time for at most SECONDS (at least 3 requests). */
async function timed(pid: number, size: number, once: () => Promise<number>) {
  const times: number[] = [];
  const cpuBefore = cpuSeconds(pid);
  const until = Date.now() + SECONDS * 1000;
  while (times.length < 3 || (Date.now() < until && times.length < 40)) times.push(await once());
  const cpu = cpuSeconds(pid) - cpuBefore;
  const megabytes = (size / MB) * times.length;
  const totalSeconds = times.reduce((a, b) => a + b, 0) / 1000;
  return { requests: times.length, mbPerSecond: round(megabytes / totalSeconds), p95Ms: p95(times), serverCpuMsPerMb: round((cpu * 1000) / megabytes) };
}

async function person(db: Db, email: string): Promise<string> {
  const [row] = await queryRows<{ id: string }>(db, sql`
    INSERT INTO users (name, email, password_hash, role, verification_status, licence_number, licensing_body)
    VALUES ('Bench Files', ${email}, 'x', 'user', 'verified', 'L-1', 'Board') RETURNING id`);
  return createSession(db, row.id);
}

async function backend(kind: 'db' | 's3') {
  const name = `thera_bench_files_${kind}`;
  const admin = await openDatabase({ url: `${PG_BASE}/postgres`, poolSize: 1 });
  await admin.db.execute(sql.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  await admin.close();
  const database = await benchDatabase(name);
  let s3: TestS3 | undefined;
  let server: ServerProcess | undefined;
  try {
    s3 = kind === 's3' ? await startS3() : undefined;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'thera-bench-files-'));
    server = await startServerProcess({
      port: PORT, output: 'inherit', flags: 'start:node',
      env: {
        ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', DATABASE_URL: database.url, ENCRYPTION_KEY_FILE: ensureKeyFile(),
        DATA_DIR: dataDir, SEED_DEMO: '0', ADMIN_EMAIL: 'bench-admin@bench.test', ADMIN_PASSWORD: 'bench-admin-password',
        FILE_MAX_MB: '25', FILE_QUOTA_MB: '100000', WRITE_LIMITS: 'files=100000/60,other=100000/60', ...(s3?.env ?? { FILE_STORAGE: 'db' }),
      },
    }, 240_000);
    const pid = server.child.pid!;
    const token = await person(database.db, `files-${kind}@bench.invalid`);
    const sizes: Record<string, unknown> = {};
    for (const [label, size] of [['1MB', MB], ['10MB', 10 * MB]] as const) {
      const bytes = textFile(size);
      const ids: string[] = [];
      const up = await timed(pid, size, async () => {
        const done = await upload(token, `notes-${label}.txt`, bytes);
        ids.push(done.id);
        return done.ms;
      });
      let turn = 0;
      const down = await timed(pid, size, () => download(token, ids[turn++ % ids.length], size));
      sizes[label] = { upload: up, download: down };
      console.log(kind, label, JSON.stringify(sizes[label]));
    }

    const picture = await sharp({ create: { width: 2000, height: 1500, channels: 3, background: { r: 40, g: 120, b: 200 } } }).jpeg().toBuffer();
    const image = await upload(token, 'scan.jpg', picture, 'image/jpeg');
    // CPU per request (server and its PostgreSQL backends), the figure that holds on a loaded machine (decision 0375).
    const backends = async () => new Map((await queryRows<{ pid: number }>(database.db, sql`
      SELECT pid FROM pg_stat_activity WHERE datname = ${name} AND pid <> pg_backend_pid()`)).map((r) => [r.pid, cpuSeconds(r.pid)]));
    const [serverBefore, pgBefore, thumbStarted] = [cpuSeconds(pid), await backends(), performance.now()];
    const figures = await measure(`${BASE}/api/files/${image.id}/thumbnail`, { connections: 50, seconds: THUMB_SECONDS, headers: { 'x-auth-token': token } });
    const requests = Math.max(1, Math.round(figures.rps * ((performance.now() - thumbStarted) / 1000)));
    const pgSeconds = [...await backends()].reduce((sum, [backendPid, cpu]) => sum + cpu - (pgBefore.get(backendPid) ?? 0), 0);
    const thumbnail = {
      ...figures, serverCpuMsPerRequest: round(((cpuSeconds(pid) - serverBefore) * 1000) / requests, 3),
      postgresCpuMsPerRequest: round((pgSeconds * 1000) / requests, 3),
    };
    console.log(kind, 'thumbnail', JSON.stringify(thumbnail));

    // 20 uploads of 20 MB at once: the node's resident memory, sampled every 50 ms, against its idle memory.
    const idleMb = rssMb(pid);
    let peakMb = idleMb;
    const sampler = setInterval(() => { peakMb = Math.max(peakMb, rssMb(pid)); }, 50);
    const big = textFile(20 * MB - 4096);
    const started = performance.now();
    const results = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => upload(token, `big-${i}.txt`, big)));
    clearInterval(sampler);
    const concurrent = {
      uploads: 20, eachMb: 20, ok: results.filter((r) => r.status === 'fulfilled').length, seconds: round((performance.now() - started) / 1000),
      idleRssMb: idleMb, peakRssMb: peakMb, growthMb: peakMb - idleMb,
    };
    console.log(kind, 'concurrent', JSON.stringify(concurrent));
    return { sizes, thumbnail: { connections: 50, seconds: THUMB_SECONDS, ...thumbnail, budgetP95Ms: 25 }, concurrent };
  } finally {
    await server?.stop();
    await s3?.close();
    await database.close();
  }
}

const uptimeBefore = loadAverage();
const results: Record<string, unknown> = {};
for (const kind of BACKENDS) results[kind] = await backend(kind);
const report = {
  method: 'one production server process on PostgreSQL per backend; text files (streamed, sealed with AES-256-GCM in 64 KB records); '
    + 'uploads and downloads one at a time over loopback (fetch), each way of each size for at most --seconds; thumbnail by autocannon',
  seconds: SECONDS, loadAverageBefore: uptimeBefore, loadAverageAfter: loadAverage(), results,
};
console.log(JSON.stringify(report, null, 2));
if (arg('save', '') === '1') writeResult('files', report);
