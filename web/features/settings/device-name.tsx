// A session's browser and device as the server names them ("Firefox 121", "macOS Sonoma"; "Unknown browser" when the
// User-Agent says nothing), said in the reader's language: the names are marked translate="no", the words around them
// come from the catalogue.
import type { ReactNode } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { withValues } from '../../lib/messages.ts';

const m = withValues(defineMessages({
  browserOnDevice: { id: 'settings.sessions.browserOnDevice', defaultMessage: '{browser} on {device}', description: 'A session: the browser (e.g. Firefox) on the device (e.g. macOS).' },
}));
/** The server's words for what it could not tell (server/lib/device.ts). */
const UNKNOWN = withValues(defineMessages({
  'Unknown browser': { id: 'settings.sessions.unknownBrowser', defaultMessage: 'Unknown browser', description: 'A session whose browser is not known.' },
  'Unknown device': { id: 'settings.sessions.unknownDevice', defaultMessage: 'Unknown device', description: 'A session whose device is not known.' },
}));

type Said = { text: string; node: ReactNode };

/** "Firefox 121 on macOS" as text (for accessible names) and as nodes (the names marked as not to be translated). */
export function useDeviceName(): (browser: string, device: string) => Said {
  const intl = useIntl();
  const part = (name: string) => (Object.hasOwn(UNKNOWN, name) ? intl.formatMessage(UNKNOWN[name as keyof typeof UNKNOWN]) : name);
  const mark = (name: string) => (Object.hasOwn(UNKNOWN, name) ? part(name) : <span translate="no">{name}</span>);
  return (browser, device) => ({
    text: intl.formatMessage(m.browserOnDevice, { browser: part(browser), device: part(device) }),
    node: intl.formatMessage(m.browserOnDevice, { browser: mark(browser), device: mark(device) }),
  });
}

/** The access history's device, stored as one English line ("Firefox 121 on macOS"), in the reader's language. */
export function useStoredDeviceName(): (stored: string) => ReactNode {
  const name = useDeviceName();
  return (stored) => {
    const parts = /^(.+?) on (.+)$/.exec(stored);
    return parts ? name(parts[1], parts[2]).node : <span translate="no">{stored}</span>;
  };
}
