import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import { ConfirmProvider } from '../components/useConfirm.tsx';
import { AppRoutes } from './routes.tsx';
import { ApiError } from '../lib/api.ts';
import { SessionProvider } from '../lib/session.tsx';
import { DrawnClockProvider } from '../lib/drawn-clock.tsx';
import type { Me } from '../../common/accounts.ts';
import { cssVariablesResolver, theme } from './theme.ts';

// A refusal (4xx) is the answer, not a hiccup: asking again only doubles the request and delays the message.
const retryOnceUnlessRefused = (failures: number, error: unknown) =>
  failures < 1 && !(error instanceof ApiError && error.status < 500);

export const newQueryClient = () => new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, retry: retryOnceUnlessRefused, refetchOnWindowFocus: false } },
});

/** The browser's one query cache; start.tsx fills a screen's first list into it before the first render. */
export const appQueryClient = newQueryClient();

type TreeProps = {
  router: (props: { children: ReactNode }) => ReactNode; client: QueryClient; checked?: { user: Me | null };
  /** When the server drew the page being taken over (web/lib/drawn-clock.tsx). */
  drawnAt?: Date;
};

/**
 * The whole app inside a router. The browser uses the address bar's; the build's prerender (web/prerender.tsx) gives a
 * fixed address, and the browser's first render must produce the same tree to take over that page's markup.
 */
export function AppTree({ router: Router, client, checked, drawnAt }: TreeProps) {
  return (
    <DrawnClockProvider drawnAt={drawnAt}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <QueryClientProvider client={client}>
          <Router>
            <SessionProvider checked={checked}>
              <ConfirmProvider>
                <AppRoutes />
              </ConfirmProvider>
            </SessionProvider>
          </Router>
        </QueryClientProvider>
      </MantineProvider>
    </DrawnClockProvider>
  );
}

/** `checked`: the session check's answer, when start.tsx waited for it; `drawnAt`: when the server drew the page. */
export function App({ checked, drawnAt }: { checked?: { user: Me | null }; drawnAt?: Date }) {
  return <AppTree router={BrowserRouter} client={appQueryClient} checked={checked} drawnAt={drawnAt} />;
}
