import { useEffect } from 'react';
import { useLocaleChoice } from '../lib/i18n.tsx';
import { useSession } from '../lib/session.tsx';

/**
 * A member's saved language wins (decision 0260): signed in on another device, or after a choice made elsewhere, the
 * app switches to it and the cookie follows, so the pages the server draws next, and after sign-out, are in it too.
 */
export function MemberLanguage() {
  const { user } = useSession();
  const { choose } = useLocaleChoice();
  const preference = user?.locale;
  useEffect(() => {
    if (preference) void choose(preference);
  }, [preference, choose]);
  return null;
}
