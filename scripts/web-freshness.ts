import fs from 'node:fs';
import path from 'node:path';

export function* walk(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else yield full;
  }
}

/** True when the built app is missing or older than any web or common source file. */
export function webIsStale(outDir = 'dist/web'): boolean {
  const index = path.join(outDir, 'index.html');
  if (!fs.existsSync(index)) return true;
  const builtAt = fs.statSync(index).mtimeMs;
  const sources = ['web', 'common', 'vite.config.ts', 'package-lock.json'];
  return sources.some((src) => fs.existsSync(src) && newest(src) > builtAt);
}

function newest(target: string): number {
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = 0;
  for (const file of walk(target)) latest = Math.max(latest, fs.statSync(file).mtimeMs);
  return latest;
}

