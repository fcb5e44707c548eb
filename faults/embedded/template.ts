// A migrated embedded data directory, made once per set of migrations and copied for each test: the first start of
// the embedded database applies every migration, which costs most of a minute on a busy two-core machine.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AppProcess, ROOT } from './app-process.ts';

const MIGRATIONS = path.join(ROOT, 'server', 'db', 'migrations');

function templateKey(): string {
  const hash = crypto.createHash('sha256');
  const pglite = JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules', '@electric-sql', 'pglite', 'package.json'), 'utf8')) as { version: string };
  hash.update(pglite.version);
  for (const file of fs.readdirSync(MIGRATIONS).filter((f) => f.endsWith('.sql')).sort()) hash.update(file).update(fs.readFileSync(path.join(MIGRATIONS, file)));
  return hash.digest('hex').slice(0, 16);
}

/** Copies a migrated data directory (administrator included) to `dataDir`, making the template first if needed. */
export async function migratedDataDir(dataDir: string, port: number): Promise<void> {
  const template = path.join(os.tmpdir(), `thera-faults-template-${templateKey()}`);
  if (!fs.existsSync(path.join(template, 'complete'))) {
    fs.rmSync(template, { recursive: true, force: true });
    const app = new AppProcess({ port, dataDir: path.join(template, 'data') });
    await app.ready(180_000);
    const stopped = await app.stop('SIGTERM');
    if (stopped.code !== 0) throw new Error(`the template's app did not stop cleanly:\n${app.output()}`);
    fs.writeFileSync(path.join(template, 'complete'), new Date().toISOString());
  }
  fs.cpSync(path.join(template, 'data'), dataDir, { recursive: true });
}
