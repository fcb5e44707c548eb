// The landing page drawn at build time (docs/decisions/0099): scripts/build-web.ts builds
// this file for Node, calls renderVisitorPage('/') and the server puts the markup into index.html for visitors. The
// browser then takes it over (hydrateRoot in app/start.tsx) instead of drawing the page again after its code has loaded.
import { StrictMode, type ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppTree, newQueryClient } from './app/App.tsx';
import { titleFor } from './app/titles.ts';

/**
 * The markup a visitor's first render produces at `location`, with every lazy screen loaded (no "Loading..."), after
 * the page's title: the server moves the title, and the resources React names first, into the head.
 */
export async function renderVisitorPage(location: string): Promise<string> {
  const router = ({ children }: { children: ReactNode }) => <StaticRouter location={location}>{children}</StaticRouter>;
  const { prelude } = await prerender(
    <StrictMode>
      <AppTree router={router} client={newQueryClient()} />
    </StrictMode>,
    // Large boundaries are otherwise sent as the fallback plus the content and an inline script to swap them, which the
    // CSP (script-src 'self') refuses: a page drawn at build time has no reason to stream.
    { progressiveChunkSize: Number.MAX_SAFE_INTEGER },
  );
  return `<title>${titleFor(location)}</title>${await new Response(prelude).text()}`;
}
