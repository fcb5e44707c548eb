// Real server processes for scale-out tests: each its own port and data folder, on one database (and Redis, from the
// environment), with the tests' shared key file so every node reads what another sealed.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { testConfig } from '../config.ts';
import { newKeyFile } from '../lib/crypto/keyring.ts';

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Starts `server/main.ts` in production mode; `stop` ends it and removes its folder. */
export async function startNode(databaseUrl: string, env: Record<string, string> = {}): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'thera-node-'));
  const child = spawn(process.execPath, ['server/main.ts'], {
    env: {
      ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: String(port), DATABASE_URL: databaseUrl,
      REDIS_URL: process.env.REDIS_URL, DATA_DIR: dataDir, SEED_DEMO: '0', ENCRYPTION_KEY_FILE: newKeyFile(testConfig().encryptionKeyFile!).file,
      ADMIN_EMAIL: 'admin@two-nodes.test', ADMIN_PASSWORD: 'two-nodes-admin-password', ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    child.kill('SIGTERM');
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${port}`;
  // A node starts in seconds; on a busy test machine (eight engineers' tests on two cores) it has taken over a minute.
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    if (await fetch(`${url}/readyz`).then((r) => r.ok).catch(() => false)) return { url, stop };
    await new Promise((r) => setTimeout(r, 200));
  }
  await stop();
  throw new Error(`node on port ${port} did not start`);
}
