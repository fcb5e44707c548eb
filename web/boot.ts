// The first script a page runs, and a tiny one (decision 0094): for a signed-in visit it starts the session check and the
// screen's first list right away, while the app's code is still loading and compiling. The app takes the answers from
// web/lib/prefetch.ts. The server puts this script before the app's in index.html.
import { firstRequests } from './app/first-requests.ts';
import { TOKEN_KEY, prefetch } from './lib/prefetch.ts';

const token = localStorage.getItem(TOKEN_KEY);
if (token) for (const path of firstRequests(location.pathname, location.search)) prefetch(path, token);
