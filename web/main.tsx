import '@mantine/core/styles.css';
import './app/global.css';
import { PAGE_CODE_ID } from '../common/member-page.ts';

const nextTask = () => new Promise((resolve) => setTimeout(resolve));

const root = document.getElementById('root')!;
// Visitors get the landing page already drawn (docs/decisions/0099). The app's modules would otherwise run before the
// browser's first paint and the page would appear only once they had: let it be painted first (a hidden tab, which
// never paints, starts after the timer). Then React and the rest of the app start in separate tasks, so a slow phone
// does not hold a tap behind one long one.
if (root.firstElementChild) {
  await new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve));
    setTimeout(resolve, 200);
  });
  fetchScreenCode();
  await import('react-dom/client');
  await nextTask();
}
const { startApp } = await import('./app/start.tsx');
await startApp(root);

/**
 * A member's screen drawn by the server (docs/decisions/0104) names its code instead of preloading it, so the page
 * paints first; asked for now, all at once, the takeover does not wait for main, then start, then the screen in turn.
 */
function fetchScreenCode(): void {
  const named = document.getElementById(PAGE_CODE_ID)?.textContent;
  if (!named) return;
  const { js = [], css = [] } = JSON.parse(named) as { js?: string[]; css?: string[] };
  const link = (rel: string, file: string, as?: string) => {
    const element = Object.assign(document.createElement('link'), { rel, href: `/${file}`, crossOrigin: '' });
    if (as) element.as = as;
    document.head.append(element);
  };
  for (const file of css) link('preload', file, 'style');
  for (const file of js) link('modulepreload', file);
}
