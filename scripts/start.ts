// `npm start`: build the web app when its sources changed since the last build, then run the server.
import { buildWeb, webIsStale } from './build-web.ts';

if (webIsStale()) {
  console.log('Building the web app...');
  await buildWeb();
}
await import('../server/main.ts');
