// The price of the access audit trail on the reads it records (decision 0180): a recipient reading a referral and an
// administrator reading a profile with its licence details, plus sign-in (one chained entry in its transaction), each
// a short autocannon run against a server of its own on PostgreSQL. Run it in this checkout and, for the figures
// before the trail, with --server-dir naming a checkout without it; each gets a fresh database of its own.
// Without a checkout to compare with, the same route read by the data's owner, which writes no entry, stands for the
// read without the trail (the referral by its sender, the profile by its member): the difference is the entry's price,
// and some of the route's own (the owner's answer differs a little). Results: bench/results/audit-reads.json.
// Run: node bench/audit-reads.ts [--server-dir=.] [--seconds=15] [--connections=10]
import path from 'node:path';
import os from 'node:os';
import fs from 'node:fs';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { arg, PG_BASE } from './lib.ts';
import { loadAverage, machineSince, machineTicks } from './machine.ts';

const SERVER_DIR = path.resolve(arg('server-dir', '.'));
const SECONDS = Number(arg('seconds', '15'));
const CONNECTIONS = Number(arg('connections', '10'));
const PORT = Number(process.env.BENCH_PORT ?? 3342);
const NAME = `thera_bench_audit_${SERVER_DIR === path.resolve('.') ? 'here' : 'other'}`;
const from = (file: string) => import(path.join(SERVER_DIR, file));

const { openDatabase, queryRows } = await from('server/db/client.ts');
const { migrate } = await from('server/db/migrate.ts');
const { buildApp } = await from('server/app.ts');
const { testConfig } = await from('server/config.ts');
const { memoryRateLimiter } = await from('server/lib/rate-limit.ts');
const { createMailer } = await from('server/lib/mail.ts');
const { createSession } = await from('server/lib/auth.ts');
const { hashPassword } = await from('server/lib/passwords.ts');

const admin = await openDatabase({ url: `${PG_BASE}/postgres`, poolSize: 1 });
await admin.db.execute(sql.raw(`DROP DATABASE IF EXISTS ${NAME} WITH (FORCE)`));
await admin.db.execute(sql.raw(`CREATE DATABASE ${NAME}`));
await admin.close();
const database = await openDatabase({ url: `${PG_BASE}/${NAME}`, poolSize: 10 });
await migrate(database.db);

const one = async <T>(q: ReturnType<typeof sql>) => ((await queryRows(database.db, q)) as T[])[0];
const PASSWORD = 'bench-audit-passphrase-1';
const passwordHash = await hashPassword(PASSWORD);
const person = (email: string, role: string) => one<{ id: string }>(sql`
  INSERT INTO users (name, email, password_hash, role, verification_status, licence_number, licensing_body)
  VALUES (${email}, ${email}, ${passwordHash}, ${role}, 'verified', 'L-1', 'Board') RETURNING id`);
const sender = await person('sender@bench.invalid', 'user');
const recipient = await person('recipient@bench.invalid', 'user');
const boss = await person('admin@bench.invalid', 'admin');
const referral = await one<{ id: string }>(sql`
  INSERT INTO referrals (sender_id, age_group, concerns, session_formats, region, note, expires_at)
  VALUES (${sender.id}, 'Teen', ARRAY['Anxiety'], ARRAY['Online'], 'ON', 'Note', now() + interval '30 days') RETURNING id`);
await database.db.execute(sql`INSERT INTO referral_recipients (referral_id, recipient_id) VALUES (${referral.id}, ${recipient.id})`);

const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-audit-'));
const config = testConfig({ DATA_DIR: outboxDir, SESSION_CACHE_MS: '30000' });
const app = await buildApp({ config, db: database.db, limiter: memoryRateLimiter(), mailer: createMailer({ from: config.mailFrom, outboxDir }) });
await app.listen({ port: PORT, host: '127.0.0.1' });

type Run = { p50: number; p95: number; p99: number; rps: number; errors: number };
type Ask = { path: string; method?: 'POST'; headers: Record<string, string>; body?: string; connections?: number };
async function run(title: string, { path: route, ...opts }: Ask): Promise<Run> {
  // autocannon's summary has p90 and p97.5, not p95: each response's time is kept and the percentiles read from them.
  const times: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url: `http://127.0.0.1:${PORT}${route}`, connections: CONNECTIONS, duration: SECONDS, ...opts },
      (error, done) => (error ? reject(error) : resolve(done)));
    instance.on('response', (_client, _status, _bytes, ms) => times.push(ms));
  });
  times.sort((a, b) => a - b);
  const at = (q: number) => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0);
  const figures = { p50: at(0.5), p95: at(0.95), p99: at(0.99), rps: result.requests.average, errors: result.non2xx + result.errors };
  console.log(title, JSON.stringify(figures));
  return figures;
}

const recipientToken = await createSession(database.db, recipient.id);
const adminToken = await createSession(database.db, boss.id);
const senderToken = await createSession(database.db, sender.id);
const load = { before: loadAverage() };
const ticks = machineTicks();
const entriesBefore = await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM audit_log`);
const results = {
  referralReadByOwner: await run('GET /api/referrals/:id (its sender, not audited)', { path: `/api/referrals/${referral.id}`, headers: { 'x-auth-token': senderToken } }),
  referralRead: await run('GET /api/referrals/:id (recipient)', { path: `/api/referrals/${referral.id}`, headers: { 'x-auth-token': recipientToken } }),
  profileReadByOwner: await run('GET /api/users/:id (the member, not audited)', { path: `/api/users/${sender.id}`, headers: { 'x-auth-token': senderToken } }),
  licenceRead: await run('GET /api/users/:id (administrator)', { path: `/api/users/${sender.id}`, headers: { 'x-auth-token': adminToken } }),
  signIn: await run('POST /api/users/login', {
    method: 'POST', path: '/api/users/login', connections: 2, headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'sender@bench.invalid', password: PASSWORD }),
  }),
};
const entries = await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM audit_log`);
const report = {
  at: new Date().toISOString(), serverDir: SERVER_DIR, seconds: SECONDS, connections: CONNECTIONS,
  method: 'audited read vs the same route read by its owner (no entry written), same server and database',
  load: { ...load, after: loadAverage() }, ...machineSince(ticks), cores: os.cpus().length,
  auditEntriesWritten: entries.n - entriesBefore.n, results,
};
console.log(JSON.stringify(report, null, 2));
if (arg('save', '') === '1') fs.writeFileSync(path.join('bench', 'results', 'audit-reads.json'), `${JSON.stringify(report, null, 2)}\n`);
await app.close();
await database.close();
fs.rmSync(outboxDir, { recursive: true, force: true });
