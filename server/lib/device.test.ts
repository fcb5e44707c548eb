import { describe, expect, it } from 'vitest';
import { DeviceSchema, UNKNOWN_DEVICE } from '../../common/device.ts';
import { deviceText } from '../../common/i18n/device-messages.ts';
import { describeDevice, maskAddress, sessionDevice, storedDevice } from './device.ts';
import { sayIn } from './i18n.ts';
import { open, seal } from './secret-box.ts';
import { randomBytes } from 'node:crypto';

describe('maskAddress', () => {
  it.each([
    ['203.0.113.57', '203.0.113.x'],
    ['::ffff:198.51.100.23', '198.51.100.x'],
    ['2001:db8:85a3::8a2e:370:7348', '2001:db8:85a3:x:x:x:x:x'],
    ['::1', '0:0:0:x:x:x:x:x'],
    ['not an address', null],
  ])('%s → %s', (address, masked) => expect(maskAddress(address)).toBe(masked));
});

describe('describeDevice and sessionDevice', () => {
  it('reads the browser and system, and bounds what is stored', () => {
    expect(describeDevice('Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1'))
      .toEqual({ browser: 'Safari', browserVersion: '17', os: 'iOS', osVersion: expect.stringMatching(/^17/), platform: 'mobile' });
    expect(describeDevice(null)).toEqual(UNKNOWN_DEVICE);
    expect(DeviceSchema.parse(describeDevice('curl/8.0'))).toBeTruthy();
    expect(sessionDevice('x'.repeat(2000), '10.1.2.3')).toEqual({ userAgent: 'x'.repeat(512), ip: '10.1.2.x' });
  });
});

describe('storedDevice: the audit trail\'s device, in parts, from either way it was stored', () => {
  const english = sayIn('en');
  it.each([
    'Chrome 120 on macOS 10.15.7 (desktop)', 'Firefox 121 on Android 14 (mobile)', 'Unknown browser on Unknown device', 'Safari on mobile', 'Edge 119 on Windows 10',
  ])('the English line of an older entry reads back as it was: %s', (line) => expect(deviceText(english, storedDevice(line)!)).toBe(line));
  it('parts are read as they are; anything else is no device', () => {
    const parts = describeDevice('Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0');
    expect(storedDevice(parts)).toEqual(parts);
    expect(storedDevice(null)).toBeNull();
    expect(storedDevice(42)).toBeNull();
  });
  it('French says the words, never the names', () => {
    expect(deviceText(sayIn('fr-CA'), storedDevice('Unknown browser on Unknown device')!)).toBe('Navigateur inconnu sur Appareil inconnu');
    expect(deviceText(sayIn('fr-CA'), storedDevice('Firefox 121 on Android 14 (mobile)')!)).toBe('Firefox 121 sur Android 14 (mobile)');
  });
});

describe('secret box', () => {
  it('opens what it sealed, only with the same key and context', () => {
    const key = randomBytes(32);
    const sealed = seal(key, 'JBSWY3DPEHPK3PXP', 'user-1');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(open(key, sealed, 'user-1')).toBe('JBSWY3DPEHPK3PXP');
    expect(() => open(key, sealed, 'user-2')).toThrow();
    expect(() => open(randomBytes(32), sealed, 'user-1')).toThrow();
    expect(seal(key, 'same', 'c')).not.toBe(seal(key, 'same', 'c'));
  });
});
