import { describe, expect, it } from 'vitest';
import { describeDevice, maskAddress, sessionDevice } from './device.ts';
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
      .toEqual({ browser: 'Safari 17', device: expect.stringMatching(/^iOS 17.*\(mobile\)$/) });
    expect(describeDevice(null)).toEqual({ browser: 'Unknown browser', device: 'Unknown device' });
    expect(describeDevice('curl/8.0')).toMatchObject({ browser: expect.any(String), device: expect.any(String) });
    expect(sessionDevice('x'.repeat(2000), '10.1.2.3')).toEqual({ userAgent: 'x'.repeat(512), ip: '10.1.2.x' });
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
