import '@mantine/core/styles.css';
import '@mantine/charts/styles.css';
import './app/global.css';
import './lib/zod-jitless.ts';

const nextTask = () => new Promise((resolve) => setTimeout(resolve));

const root = document.getElementById('root')!;
// Visitors get the landing page already drawn (docs/decisions/0099). The app's modules would otherwise run before the
// browser's first paint and the page would appear only once they had: let it be painted first (a hidden tab, which
// never paints, starts after the timer). Then React and the rest of the app start in separate tasks, so a slow phone
// does not hold a tap behind one long one.
if (root.firstElementChild) {
  replayEarlyTap(root);
  await new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve));
    setTimeout(resolve, 200);
  });
  await import('react-dom/client');
  await nextTask();
}
const { startApp } = await import('./app/start.tsx');
await startApp(root);

// How long a tap on a drawn page may wait for the app to take the page over before it is dropped.
const REPLAY_WITHIN_MS = 5_000;

/**
 * A button tapped on a drawn page (the landing page, a member's screen: docs/decisions/0099, 0104) before React owns
 * it did nothing: its handler did not exist yet. The last such tap is pressed again once React owns that button, so
 * "New message" or "Page 2" tapped in the first second still happens. Links need nothing: the browser follows them.
 */
function replayEarlyTap(container: HTMLElement): void {
  const owned = (element: Element) => Object.keys(element).some((key) => key.startsWith('__reactProps'));
  let pending: { button: HTMLElement; at: number } | undefined;
  const early = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button || !container.contains(button)) return;
    if (owned(button)) {
      document.removeEventListener('click', early, true);
      return;
    }
    pending = { button, at: performance.now() };
    requestAnimationFrame(pressWhenOwned);
  };
  const pressWhenOwned = () => {
    if (!pending) return;
    const { button, at } = pending;
    if (performance.now() - at > REPLAY_WITHIN_MS || !button.isConnected) pending = undefined;
    else if (owned(button)) {
      pending = undefined;
      button.click();
    } else requestAnimationFrame(pressWhenOwned);
  };
  document.addEventListener('click', early, true);
}
