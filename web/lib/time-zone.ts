// The member's time zone for the daily digest: none until chosen, then the browser's own is adopted once (the
// spec's "default from the browser"), so a member who never opens the settings still gets the digest at their 08:00.
import { useEffect } from 'react';
import type { NotificationPreferences } from '../../common/notifications.ts';
import { api } from './api.ts';

/** The browser's own time zone: the default a member is offered before choosing. */
export function browserTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

const ASKED_KEY = 'thera.timeZoneAsked';

// Not urgent, and the browser's first time-zone lookup is slow on a phone: after the screen has started.
const ADOPT_AFTER_MS = 2_000;

/** Once per browser session: a member without a saved zone gets the browser's. */
export function useAdoptBrowserTimeZone(enabled: boolean): void {
  useEffect(() => {
    if (!enabled || sessionStorage.getItem(ASKED_KEY)) return;
    const timer = setTimeout(() => {
      const zone = browserTimeZone();
      if (!zone) return;
      sessionStorage.setItem(ASKED_KEY, '1');
      void (async () => {
        const saved = await api<NotificationPreferences>('/api/notifications/preferences');
        if (saved.timeZone === null) await api('/api/notifications/preferences', { method: 'PUT', body: { timeZone: zone } });
      })().catch(() => sessionStorage.removeItem(ASKED_KEY));
    }, ADOPT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [enabled]);
}
