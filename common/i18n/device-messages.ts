// A device in words (common/device.ts): "Firefox 121 on macOS Sonoma (desktop)", « Firefox 121 sur macOS Sonoma
// (ordinateur) ». Shared by the web app (sessions, access history) and the server's security emails, so one device
// reads the same everywhere; the English is what the server used to send, byte for byte.
import { defineMessages } from '@formatjs/intl';
import type { Device, Platform } from '../device.ts';

export const DEVICE_MESSAGES = defineMessages({
  browserOnDevice: { id: 'settings.sessions.browserOnDevice', defaultMessage: '{browser} on {device}', description: 'A session: the browser (e.g. Firefox) on the device (e.g. macOS).' },
  unknownBrowser: { id: 'settings.sessions.unknownBrowser', defaultMessage: 'Unknown browser', description: 'A session whose browser is not known.' },
  unknownDevice: { id: 'settings.sessions.unknownDevice', defaultMessage: 'Unknown device', description: 'A session whose device is not known.' },
  systemOfKind: {
    id: 'device.systemOfKind', defaultMessage: '{system} ({platform})',
    description: 'A device: its operating system (e.g. "Android 14") and, in brackets, its kind (device.platform.*, e.g. mobile).',
  },
});

const PLATFORM_MESSAGES = defineMessages({
  desktop: { id: 'device.platform.desktop', defaultMessage: 'desktop', description: 'A kind of device: a desktop or laptop computer (shown in brackets after its system, lower case).' },
  mobile: { id: 'device.platform.mobile', defaultMessage: 'mobile', description: 'A kind of device: a phone (shown in brackets after its system, lower case).' },
  tablet: { id: 'device.platform.tablet', defaultMessage: 'tablet', description: 'A kind of device: a tablet (shown in brackets after its system, lower case).' },
  tv: { id: 'device.platform.tv', defaultMessage: 'tv', description: 'A kind of device: a television (shown in brackets after its system, lower case).' },
}) satisfies Record<Platform, unknown>;

type Message = { id: string; defaultMessage: string };
/** Formats a catalogue message in the reader's language (the server's sayIn, react-intl's formatMessage). */
type Formatter = (message: Message, values?: Record<string, string | number>) => string;

/** The browser's name and version, as it names itself ("Firefox 121"); null when unknown. */
export const browserName = (d: Device): string | null => (d.browser ? [d.browser, d.browserVersion].filter(Boolean).join(' ') : null);
/** The system's name and version ("macOS Sonoma"); null when unknown. */
export const systemName = (d: Device): string | null => (d.os ? [d.os, d.osVersion].filter(Boolean).join(' ') : null);

/** The kind of device in words ("mobile", « mobile »). */
export const platformWord = (say: Formatter, platform: Platform): string => say(PLATFORM_MESSAGES[platform]);

/** The device's two parts in words: the browser, and the system with its kind ("Android 14 (mobile)"). */
export function deviceParts(say: Formatter, d: Device): { browser: string; device: string } {
  const system = systemName(d);
  const kind = d.platform ? platformWord(say, d.platform) : null;
  let device: string;
  if (system && kind) device = say(DEVICE_MESSAGES.systemOfKind, { system, platform: kind });
  else device = system ?? kind ?? say(DEVICE_MESSAGES.unknownDevice);
  return { browser: browserName(d) ?? say(DEVICE_MESSAGES.unknownBrowser), device };
}

/** "Firefox 121 on macOS Sonoma (desktop)" in the reader's language. */
export function deviceText(say: Formatter, d: Device): string {
  return say(DEVICE_MESSAGES.browserOnDevice, deviceParts(say, d));
}
