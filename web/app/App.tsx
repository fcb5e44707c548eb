import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { ConfirmProvider } from '../components/useConfirm.tsx';
import { AppRoutes } from './routes.tsx';
import { ApiError } from '../lib/api.ts';
import { SessionProvider } from '../lib/session.tsx';
import { cssVariablesResolver, theme } from './theme.ts';

// A refusal (4xx) is the answer, not a hiccup: asking again only doubles the request and delays the message.
const retryOnceUnlessRefused = (failures: number, error: unknown) =>
  failures < 1 && !(error instanceof ApiError && error.status < 500);

const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, retry: retryOnceUnlessRefused, refetchOnWindowFocus: false } },
});

export function App() {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <SessionProvider>
            <ConfirmProvider>
              <AppRoutes />
            </ConfirmProvider>
          </SessionProvider>
        </BrowserRouter>
      </QueryClientProvider>
    </MantineProvider>
  );
}
