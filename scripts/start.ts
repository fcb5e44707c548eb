// `npm start`: build the web app when its sources changed since the last build, then run the server.
// The build runs in a child process so the server does not carry the bundler's memory.
import { spawnSync } from 'node:child_process';
import { webIsStale } from './web-freshness.ts';

if (webIsStale()) {
  console.log('Building the web app...');
  const build = spawnSync(process.execPath, ['scripts/build-web.ts'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
await import('../server/main.ts');
