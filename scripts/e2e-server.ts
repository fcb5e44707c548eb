// The server the browser tests run against: a fresh embedded database with demo data, a fresh web build,
// and a real SMTP server on loopback whose mail lands in E2E_MAILBOX for the tests to read.
import fs from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { ADMIN, E2E_APP_SECRET, E2E_DIR, E2E_MAILBOX, E2E_PORT, E2E_SMTP_PORT, BASE_URL } from '../e2e/env.ts';
import { cachedWebBuild } from './web-build-cache.ts';

fs.rmSync(E2E_DIR, { recursive: true, force: true });
fs.mkdirSync(E2E_MAILBOX, { recursive: true });
// The run's own copy of the kept build: a test may change a file of it (a new service worker, offered as an update).
const webDir = path.join(E2E_DIR, 'web');
fs.cpSync(cachedWebBuild(), webDir, { recursive: true });

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      const to = session.envelope.rcptTo[0]?.address ?? 'unknown';
      fs.writeFileSync(path.join(E2E_MAILBOX, `${Date.now()}-${to}.eml`), Buffer.concat(chunks));
      callback();
    });
  },
});
await new Promise<void>((resolve) => smtp.listen(E2E_SMTP_PORT, '127.0.0.1', resolve));

Object.assign(process.env, {
  NODE_ENV: 'production',
  PORT: String(E2E_PORT),
  HOST: '127.0.0.1',
  DATA_DIR: path.join(E2E_DIR, 'data'),
  WEB_DIR: webDir,
  PUBLIC_URL: BASE_URL,
  SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  SEED_DEMO: '1',
  // The browser tests make their data through the API far faster than people write, with the demo accounts shared by
  // every test at both widths; the limits themselves are tested in server/lib/write-limits.test.ts.
  WRITE_LIMITS: 'posts=5000/60,comments=5000/60,likes=5000/60,communities=5000/60,resources=5000/60,conversations=5000/60,other=5000/60',
  LOG_LEVEL: 'warn',
  // Browser tests sign in many times from one address; the limits themselves are covered by API tests.
  LOGIN_MAX_FAILS_PER_IP: '10000',
  REGISTER_MAX_PER_IP_HOUR: '10000',
  FORGOT_MAX_PER_IP_HOUR: '10000',
  SOCKETS_PER_ADDRESS: '10000',
  // The browser tests check the drawn member screens themselves: a busy machine must not turn them into plain pages
  // (the plain fallback past the bound is tested in server/lib/member-page.test.ts).
  MEMBER_PAGE_RENDER_MS: '30000',
  MEMBER_PAGES_EAGER: '1',
  // A known key for signed links, so a browser test can make a real unsubscribe link as an email would carry it.
  APP_SECRET: E2E_APP_SECRET,
  // Every test registers or signs in therapists; their hashes need not resist anyone (server/lib/passwords.ts).
  TEST_PASSWORD_HASH_COST: 'lowest',
});
delete process.env.DATABASE_URL;
delete process.env.REDIS_URL;
await import('../server/main.ts');
