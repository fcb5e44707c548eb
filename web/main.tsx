import '@mantine/core/styles.css';
import './app/global.css';

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
  await import('react-dom/client');
  await nextTask();
}
const { startApp } = await import('./app/start.tsx');
await startApp(root);
