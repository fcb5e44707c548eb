// The notification sentences' catalogue messages read, in English, exactly as common/notification-text.ts (the bell's
// English today), for every type, every count of actors and every detail; and they read in French.
import fs from 'node:fs';
import path from 'node:path';
import { createIntl } from '@formatjs/intl';
import { describe, expect, it } from 'vitest';
import { notificationSentence } from '../notification-text.ts';
import { NotificationType } from '../notifications.ts';
import { notificationSentenceIn, type Formatter } from './notification-messages.ts';

const formatterFor = (locale: string, messages: Record<string, string>): Formatter => {
  const intl = createIntl({ locale, messages });
  return (message, values) => intl.formatMessage(message, values);
};
const english = formatterFor('en', {});
const french = formatterFor('fr-CA', JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'lang/fr-CA.json'), 'utf8')) as Record<string, string>);
const ACTORS = [[], [{ name: 'Amara Okafor' }], [{ name: 'Amara Okafor' }, { name: 'Li Wei' }]];

describe('notification sentences as catalogue messages', () => {
  it('read in English exactly as the English sentences', () => {
    for (const type of NotificationType.options) {
      for (const actors of ACTORS) {
        for (const count of [actors.length, 2, 4]) {
          for (const detail of [null, 'accepted', 'declined', 'no capacity', 'hour', 'day', 'Harbour Clinic']) {
            for (const place of [undefined, 'Trauma-Informed Care']) {
              const n = { type, actors, count, detail };
              expect(notificationSentenceIn(english, n, place), `${type} ${count} ${detail}`).toBe(notificationSentence(n, place));
            }
          }
        }
      }
    }
  });

  it('read in French', () => {
    expect(notificationSentenceIn(french, { type: 'postLike', actors: [{ name: 'Amara Okafor' }], count: 4 }, 'Soins en trauma'))
      .toBe('Amara Okafor et 3 autres personnes : mention J’aime sur votre publication dans Soins en trauma');
    expect(notificationSentenceIn(french, { type: 'referralAnswered', actors: [{ name: 'Li Wei' }], count: 1, detail: 'no capacity' }))
      .toBe('Li Wei : pas de disponibilité pour votre orientation');
  });
});
