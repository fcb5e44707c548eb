// Real server processes for scale-out tests: each its own port and data folder, on one database (and Redis, from the
// environment), with the tests' shared key file so every node reads what another sealed. Each is started by
// scripts/server-process.ts with npm run start:node's flags, as the README's several nodes run.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startServerProcess } from '../../scripts/server-process.ts';
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
  const removeData = () => fs.rmSync(dataDir, { recursive: true, force: true });
  const server = await startServerProcess({
    port, flags: 'start:node', output: 'inherit',
    env: {
      ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', DATABASE_URL: databaseUrl,
      REDIS_URL: process.env.REDIS_URL, DATA_DIR: dataDir, SEED_DEMO: '0', ENCRYPTION_KEY_FILE: newKeyFile(testConfig().encryptionKeyFile!).file,
      ADMIN_EMAIL: 'admin@two-nodes.test', ADMIN_PASSWORD: 'two-nodes-admin-password', ...env,
    },
    // A node starts in seconds; on a busy test machine (eight engineers' tests on two cores) it has taken over a minute.
  }, 240_000).catch((error: unknown) => {
    removeData();
    throw error;
  });
  const stop = async () => {
    await server.stop();
    removeData();
  };
  return { url: server.url, stop };
}
