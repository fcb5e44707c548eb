// `node bench/chat-search-cost.ts [DATABASE_URL]`: what in-conversation search costs now that message text is
// encrypted at rest (docs/decisions/0186): one conversation of 10,000 messages; a search whose word is in none of them
// reads, decrypts and scans all of them (the worst case), one whose word is in the newest few stops at the first page.
// The embedded database in memory unless a PostgreSQL URL is given (a throwaway database is made there and dropped).
import { randomBytes, randomUUID } from 'node:crypto';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app.ts';
import { testConfig } from '../server/config.ts';
import { openDatabase, type Database } from '../server/db/client.ts';
import { migrate } from '../server/db/migrate.ts';
import { sealMessage } from '../server/lib/crypto/fields.ts';
import { createMailer } from '../server/lib/mail.ts';
import { memoryRateLimiter } from '../server/lib/rate-limit.ts';
import { withDatabase } from '../server/test/template-database.ts';
import { loadAverage, machineSince, machineTicks } from './machine.ts';
import { createUser } from '../server/test/factories.ts';

const MESSAGES = 10_000;
const RUNS = 5;
const base = process.argv[2];
const name = `chat_search_cost_${randomBytes(4).toString('hex')}`;
const admin = base ? await openDatabase({ url: base, poolSize: 1 }) : undefined;
if (admin) await admin.db.execute(sql.raw(`CREATE DATABASE ${name}`));
const database: Database = await openDatabase(base ? { url: withDatabase(base, name), poolSize: 4 } : { dataDir: null });
try {
  await migrate(database.db);
  const config = testConfig({ DATA_DIR: `/tmp/${name}` });
  const app = await buildApp({ config, db: database.db, limiter: memoryRateLimiter(), mailer: createMailer({ from: config.mailFrom, outboxDir: `/tmp/${name}/outbox` }) });
  const [ann, ben] = [await createUser(database.db), await createUser(database.db)];
  const conversationId = (await app.inject({ method: 'POST', url: '/api/conversations', headers: ann.headers, payload: { recipientId: ben.id } })).json()._id;
  for (let start = 0; start < MESSAGES; start += 1000) {
    const rows = Array.from({ length: 1000 }, (_, i) => {
      const id = randomUUID();
      const n = start + i;
      const words = n >= MESSAGES - 3 ? 'recent supervision' : `message ${n} about the week's sessions and a plan for the next one`;
      return { id, text: sealMessage(id, words), at: new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString(), sender: n % 2 ? ann.id : ben.id };
    });
    await database.db.execute(sql`INSERT INTO messages (id, conversation_id, sender_id, text, created_at, status)
      SELECT v.id, ${conversationId}, v.sender, v.text, v.at, 'read' FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        AS v(id uuid, text text, at timestamptz, sender uuid)`);
  }
  await database.db.execute(sql`ANALYZE messages`);
  const ticks = machineTicks();
  const loadBefore = loadAverage();
  const time = async (q: string) => {
    const ms: number[] = [];
    let found = 0;
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      const res = await app.inject({ method: 'GET', url: `/api/conversations/${conversationId}/messages/search?q=${q}`, headers: ben.headers });
      ms.push(performance.now() - started);
      found = res.json().length;
    }
    ms.sort((a, b) => a - b);
    return { q, found, medianMs: Math.round(ms[Math.floor(RUNS / 2)]), maxMs: Math.round(ms[RUNS - 1]) };
  };
  const figures = { noMatch: await time('nowhere'), recent: await time('supervision') };
  console.log(JSON.stringify({
    database: base ? 'postgres' : 'pglite', messages: MESSAGES, ...figures,
    machine: { cores: os.cpus().length, loadAverage: { before: loadBefore, after: loadAverage() }, ...machineSince(ticks) },
  }));
  await app.close();
} finally {
  await database.close();
  if (admin) {
    await admin.db.execute(sql.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    await admin.close();
  }
}
