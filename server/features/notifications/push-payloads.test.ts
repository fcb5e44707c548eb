// What a push may say: who and where, for every type, never a message's, post's, note's or referral's text; and which
// endpoints the server will send to.
import { describe, expect, it } from 'vitest';
import { NotificationType } from '../../../common/notifications.ts';
import { allowedEndpoint, privateAddress } from './push-endpoints.ts';
import { chatPayload, notificationPayload, testPayload } from './push-payloads.ts';

const TEXT = 'SECRET-TEXT';
const config = { allowedHosts: ['push.example.org', '*.push.example.net'], allowLoopback: false };

describe('payloads', () => {
  it('for every type name who and where, never a text, even when one is put where a place or title would be', () => {
    for (const type of NotificationType.options) {
      const payload = notificationPayload({
        type, actors: [{ name: 'Amara Okafor' }], count: 1, detail: type === 'referralAnswered' ? 'accepted' : null, place: 'Trauma-informed care',
        referralSummary: type === 'referralReceived' ? 'Teen, Anxiety' : null, target: { kind: 'post', id: 'p1', url: '/forums/posts/p1' },
      });
      expect(Object.keys(payload).sort(), type).toEqual(['body', 'kind', 'tag', 'title', 'url']);
      expect(JSON.stringify(payload), type).not.toContain(TEXT);
      expect(payload.body.length, type).toBeLessThan(120);
    }
    expect(notificationPayload({ type: 'mention', actors: [], count: 1, detail: null, place: 'Trauma-informed care', referralSummary: null,
      target: { kind: 'post', id: 'p', url: '/forums/posts/p' } }).body).toBe('You were mentioned in Trauma-informed care');
    expect(notificationPayload({ type: 'referralReceived', actors: [{ name: 'Amara Okafor' }], count: 1, detail: null, place: 'Referrals',
      referralSummary: 'Teen, Anxiety', target: { kind: 'referral', id: 'r', url: '/referrals/r' } }).body).toBe('New referral: Teen, Anxiety');
    const chat = chatPayload({ senderName: 'Amara Okafor', conversationId: 'c1' });
    expect(chat).toEqual({ kind: 'show', title: 'Thera Root', body: 'New message from Amara Okafor', url: '/chat/c1', tag: 'chat:c1' });
    expect(testPayload().kind).toBe('show');
  });
});

describe('endpoints', () => {
  it('are https: on the known services or the operator\'s hosts, never an address or loopback unless allowed', () => {
    for (const ok of ['https://fcm.googleapis.com/fcm/send/a', 'https://push.example.org/a', 'https://eu.push.example.net/a']) {
      expect(allowedEndpoint(ok, config), ok).toBe(true);
    }
    for (const bad of ['https://127.0.0.1:8443/push/a', 'https://localhost/a', 'https://[::1]/a', 'https://169.254.169.254/latest',
      'https://2130706433/a', 'https://0x7f.1/a', 'https://push.example.org:8443/a', 'https://push.services.mozilla.com.evil/a',
      'https://example.net/a', 'http://push.example.org/a', 'ftp://fcm.googleapis.com/a']) {
      expect(allowedEndpoint(bad, config), bad).toBe(false);
    }
    expect(allowedEndpoint('https://127.0.0.1:8443/push/a', { ...config, allowLoopback: true })).toBe(true);
  });

  it('private addresses are refused at connection time (a listed name rebound inside the network reaches nothing)', () => {
    for (const address of ['10.1.2.3', '192.168.0.1', '172.20.0.1', '169.254.169.254', '100.64.0.1', 'fd00::1', 'fe80::1', '::ffff:10.0.0.1', '127.0.0.1', '::1']) {
      expect(privateAddress(address, false), address).toBe(true);
    }
    expect(privateAddress('127.0.0.1', true)).toBe(false);
    expect(privateAddress('142.250.74.106', false)).toBe(false);
    expect(privateAddress('2a00:1450:4007:80f::200a', false)).toBe(false);
  });
});
