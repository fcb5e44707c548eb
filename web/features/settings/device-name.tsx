// A session's or sign-in's device (common/device.ts: names and a code from the server) in the reader's language:
// the browser's and system's names are marked translate="no", the words around them come from the catalogue
// (common/i18n/device-messages.ts, shared with the server's security emails).
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { withValues } from '../../lib/messages.ts';
import type { Device } from '../../../common/device.ts';
import { browserName, DEVICE_MESSAGES, deviceText, platformWord, systemName } from '../../../common/i18n/device-messages.ts';

const m = withValues(DEVICE_MESSAGES);

type Said = { text: string; node: ReactNode };

const named = (name: string) => <span translate="no">{name}</span>;

/** "Firefox 121 on macOS" as text (for accessible names) and as nodes (the names marked as not to be translated). */
export function useDeviceName(): (device: Device) => Said {
  const intl = useIntl();
  const say = (message: { id: string; defaultMessage: string }, values?: Record<string, string | number>) => intl.formatMessage(message, values);
  return (device) => {
    const browser = browserName(device);
    const system = systemName(device);
    const kind = device.platform ? platformWord(say, device.platform) : null;
    let deviceNode: ReactNode;
    if (system && kind) deviceNode = intl.formatMessage(m.systemOfKind, { system: named(system), platform: kind });
    else deviceNode = system ? named(system) : kind ?? say(DEVICE_MESSAGES.unknownDevice);
    const browserNode = browser ? named(browser) : say(DEVICE_MESSAGES.unknownBrowser);
    return { text: deviceText(say, device), node: intl.formatMessage(m.browserOnDevice, { browser: browserNode, device: deviceNode }) };
  };
}
