import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { ApiError, SESSION_ENDED_EVENT, api, clearToken, getToken, onTokenChange, setToken } from './api.ts';
import type { Me } from '../../common/accounts.ts';
import { forgetPushDevice } from './push.ts';
import { forgetMemberData } from './service-worker.ts';

type Session = {
  /** False until the first session check has ended (at once without a token): the app shows 'Loading...' until then. */
  ready: boolean;
  user: Me | null;
  /** `recoveryCodesLeft`: the sign-in used a recovery code; the app says how many are left until dismissed. */
  signIn: (token: string, options?: { recoveryCodesLeft?: number }) => Promise<void>;
  recoveryCodesLeft: number | null;
  dismissRecoveryNotice: () => void;
  signOut: () => Promise<void>;
  refresh: () => Promise<void>;
  /** The session ended without this tab signing out (revoked elsewhere, a password change): the sign-in page says so. */
  ended: boolean;
  /** Asks the server whether the session still stands (the socket was ended, or refused): an ended one signs out here. */
  verify: () => Promise<void>;
};

const SessionContext = createContext<Session | null>(null);

/** `checked`: the session check's answer when start.tsx already has it; the provider then does not ask again. */
export function SessionProvider({ children, checked }: { children: ReactNode; checked?: { user: Me | null } }) {
  // Without a stored token there is nothing to check: a visitor's first render is already the page (and matches the
  // landing page's prerendered markup, which the browser then takes over instead of drawing again).
  const [ready, setReady] = useState(() => checked !== undefined || getToken() === null);
  const [user, setUser] = useState<Me | null>(checked?.user ?? null);
  const [ended, setEnded] = useState(false);
  const [recoveryCodesLeft, setRecoveryCodesLeft] = useState<number | null>(null);
  const dismissRecoveryNotice = useCallback(() => setRecoveryCodesLeft(null), []);
  const queryClient = useQueryClient();

  // Cached answers belong to the user they were fetched for: a new token (or none) starts from an empty cache.
  useEffect(() => onTokenChange(() => queryClient.clear()), [queryClient]);

  const refresh = useCallback(async () => setUser(await currentUser()), []);

  useEffect(() => {
    if (!checked) void currentUser().then(setUser).finally(() => setReady(true));
    // The API client has already dropped the refused token.
    const onEnded = () => {
      setUser(null);
      setEnded(true);
    };
    window.addEventListener(SESSION_ENDED_EVENT, onEnded);
    return () => window.removeEventListener(SESSION_ENDED_EVENT, onEnded);
    // Only the first render's answer counts: later sign-ins go through signIn.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The API client signs out (SESSION_ENDED_EVENT) when the server says the session has ended; any other answer, or
  // none, changes nothing here.
  const verify = useCallback(async () => {
    if (getToken()) await api<Me>('/api/users/me').catch(() => undefined);
  }, []);

  const signIn = useCallback(async (token: string, options?: { recoveryCodesLeft?: number }) => {
    setEnded(false);
    setRecoveryCodesLeft(options?.recoveryCodesLeft ?? null);
    setToken(token);
    await refresh();
  }, [refresh]);

  const signOut = useCallback(async () => {
    await forgetPushDevice().catch(() => {});
    await api('/api/users/logout', { method: 'POST' }).catch(() => {});
    clearToken();
    await forgetMemberData();
    // Loaded already with the chat's live connection (and kept out of the first script, which must stay small).
    await import('./outbox.ts').then((outbox) => outbox.forgetOutbox()).catch(() => undefined);
    setEnded(false);
    setRecoveryCodesLeft(null);
    setUser(null);
  }, []);

  const value = useMemo(
    () => ({ ready, user, signIn, signOut, refresh, ended, verify, recoveryCodesLeft, dismissRecoveryNotice }),
    [ready, user, signIn, signOut, refresh, ended, verify, recoveryCodesLeft, dismissRecoveryNotice],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/** Who the stored token belongs to, if anyone. */
export async function currentUser(): Promise<Me | null> {
  if (!getToken()) return null;
  try {
    return await api<Me>('/api/users/me');
  } catch (error) {
    // A refusal ends the session; a network failure keeps the token for the next try.
    if (error instanceof ApiError) clearToken();
    return null;
  }
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}

export const isAdmin = (user: Me | null) => user?.role === 'admin';
export const isVerified = (user: Me | null) => user?.verificationStatus === 'verified' || isAdmin(user);
