import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import frCA from '../../../common/i18n/lang/fr-CA.json' with { type: 'json' };
import { actorsPhrase } from '../../../common/notification-text.ts';
import { bellLabel, describeNotification as describeIn } from './describe.ts';
import { badgeCount } from '../../lib/badge-count.ts';

const amara = { _id: 'a', name: 'Amara Okafor', avatar: null };
const liam = { _id: 'l', name: 'Liam Chen', avatar: null };

const english = createIntl({ locale: 'en', defaultLocale: 'en' });
const describeNotification = (item: Parameters<typeof describeIn>[1]) => describeIn(english, item);

describe('notification texts', () => {
  it('groups likes as the issue says: the latest actor and how many others', () => {
    expect(describeNotification({ type: 'postLike', actors: [amara, liam], count: 4 })).toBe('Amara Okafor and 3 others liked your post');
    expect(describeNotification({ type: 'commentLike', actors: [amara], count: 1 })).toBe('Amara Okafor liked your comment');
  });

  it('names two actors, or one and "1 other" when only one is listed', () => {
    expect(actorsPhrase([amara, liam], 2)).toBe('Amara Okafor and Liam Chen');
    expect(actorsPhrase([amara], 2)).toBe('Amara Okafor and 1 other');
  });

  it('says replies, mentions and followed threads with their actor', () => {
    expect(describeNotification({ type: 'postReply', actors: [liam], count: 1 })).toBe('Liam Chen replied to your post');
    expect(describeNotification({ type: 'mention', actors: [liam], count: 1 })).toBe('Liam Chen mentioned you');
    expect(describeNotification({ type: 'followedThreadComment', actors: [amara], count: 1 })).toBe('Amara Okafor commented on a post you follow');
  });

  it('says decisions without an actor', () => {
    expect(describeNotification({ type: 'licenceVerified', actors: [], count: 1 })).toBe('Your licence was verified');
    expect(describeNotification({ type: 'resourceDeclined', actors: [amara], count: 1 })).toBe('Your resource was declined');
  });

  it('says a referral\'s answer; an item stored before answers were kept (or an unknown one) still reads "answered"', () => {
    const answered = (detail: string | null) => describeNotification({ type: 'referralAnswered', actors: [liam], count: 1, detail });
    expect(answered('accepted')).toBe('Liam Chen accepted your referral');
    expect(answered('declined')).toBe('Liam Chen declined your referral');
    expect(answered('no capacity')).toBe('Liam Chen has no capacity for your referral');
    expect(answered(null)).toBe('Liam Chen answered your referral');
    expect(answered('constructor')).toBe('Liam Chen answered your referral');
  });

  it('names the bell by its unread count', () => {
    const intl = createIntl({ locale: 'en', defaultLocale: 'en' });
    expect(bellLabel(intl, 3)).toBe('Notifications, 3 unread');
    expect(bellLabel(intl, 1)).toBe('Notifications, 1 unread');
    expect(bellLabel(intl, 0)).toBe('Notifications');
    const french = createIntl({ locale: 'fr-CA', defaultLocale: 'en', messages: frCA });
    expect(bellLabel(french, 3)).toBe('Notifications, 3 non lues');
    expect(badgeCount(intl, 150)).toBe('99+');
  });

  it('says the sentence in the reader\'s language', () => {
    const french = createIntl({ locale: 'fr-CA', defaultLocale: 'en', messages: frCA });
    expect(describeIn(french, { type: 'postReply', actors: [liam], count: 1 })).toBe('Liam Chen : réponse à votre publication');
  });
});
