import { MantineProvider, mergeThemeOverrides, PasswordInput } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { BrowserRouter } from 'react-router';
import { ConfirmProvider } from '../components/useConfirm.tsx';
import { UpdatePrompt } from '../components/AppNotices.tsx';
import { AppRoutes } from './routes.tsx';
import { ApiError } from '../lib/api.ts';
import { SessionProvider } from '../lib/session.tsx';
import { IdleWarning } from '../components/IdleWarning.tsx';
import { DrawnClockProvider } from '../lib/drawn-clock.tsx';
import { LocaleProvider, type Catalogue, type ShownLocale } from '../lib/i18n.tsx';
import { MemberLanguage } from './MemberLanguage.tsx';
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
  /** The language to draw in and its catalogue (web/lib/i18n.tsx); English when absent. */
  locale?: ShownLocale; messages?: Catalogue;
};

const m = defineMessages({
  togglePassword: { id: 'app.password.toggle', defaultMessage: 'Toggle password visibility', description: 'Accessible name of the eye button beside every password field, which shows or hides the password' },
});

/** Mantine with the theme, and the words Mantine itself draws (the password field's eye button) in the app's language. */
function LocalizedMantine({ children }: { children: ReactNode }) {
  const intl = useIntl();
  const toggle = intl.formatMessage(m.togglePassword);
  const localized = useMemo(() => mergeThemeOverrides(theme, {
    components: { PasswordInput: PasswordInput.extend({ defaultProps: { visibilityToggleButtonProps: { 'aria-label': toggle } } }) },
  }), [toggle]);
  return <MantineProvider theme={localized} cssVariablesResolver={cssVariablesResolver}>{children}</MantineProvider>;
}

/**
 * The whole app inside a router. The browser uses the address bar's; the build's prerender (web/prerender.tsx) gives a
 * fixed address, and the browser's first render must produce the same tree to take over that page's markup.
 */
export function AppTree({ router: Router, client, checked, drawnAt, locale, messages }: TreeProps) {
  return (
    <LocaleProvider locale={locale} messages={messages}>
      <DrawnClockProvider drawnAt={drawnAt}>
        <LocalizedMantine>
          <QueryClientProvider client={client}>
            <Router>
              <SessionProvider checked={checked}>
                <MemberLanguage />
                <ConfirmProvider>
                  <AppRoutes />
                  <UpdatePrompt />
                  <IdleWarning />
                </ConfirmProvider>
              </SessionProvider>
            </Router>
          </QueryClientProvider>
        </LocalizedMantine>
      </DrawnClockProvider>
    </LocaleProvider>
  );
}

type AppProps = { checked?: { user: Me | null }; drawnAt?: Date; locale?: ShownLocale; messages?: Catalogue };

/**
 * `checked`: the session check's answer, when start.tsx waited for it; `drawnAt`: when the server drew the page;
 * `locale` and `messages`: the language chosen and its catalogue, loaded before this first render.
 */
export function App({ checked, drawnAt, locale, messages }: AppProps) {
  return <AppTree router={BrowserRouter} client={appQueryClient} checked={checked} drawnAt={drawnAt} locale={locale} messages={messages} />;
}
