// The first script a page runs, and a tiny one with no chunk of its own to wait for (decision 0094): for a signed-in
// visit it starts the session check and the screen's first list right away, while the app's code is still loading and
// compiling. The app takes the answers through web/lib/prefetch.ts. The server puts this script first in index.html.
import { BOOT_TOKEN_KEY, firstRequests, startRequests } from './app/first-requests.ts';

const token = localStorage.getItem(BOOT_TOKEN_KEY);
if (token) startRequests(firstRequests(location.pathname, location.search), token);
