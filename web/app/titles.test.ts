import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import fr from '../../common/i18n/lang/fr-CA.json' with { type: 'json' };
import { titleFor } from './titles.ts';

const english = createIntl({ locale: 'en' });

describe('screen titles', () => {
  it('names each screen', () => {
    expect(titleFor('/forums', english)).toBe('Forums · Thera Root');
    expect(titleFor('/community/abc/post/def', english)).toBe('Post · Thera Root');
    expect(titleFor('/chat/123', english)).toBe('Chat · Thera Root');
    expect(titleFor('/chat', english)).toBe('Chat · Thera Root');
    expect(titleFor('/admin/audit', english)).toBe('Audit log · Admin · Thera Root');
    expect(titleFor('/settings/privacy', english)).toBe('Settings · Thera Root');
  });

  it('names them in the member\'s language, the product\'s name untranslated', () => {
    const french = createIntl({ locale: 'fr-CA', messages: fr });
    expect(titleFor('/settings/privacy', french)).toBe('Paramètres · Thera Root');
    expect(titleFor('/login', french)).toBe('Connexion · Thera Root');
  });

  it('falls back to the product name', () => {
    expect(titleFor('/no/such/screen', english)).toBe('Thera Root');
  });
});
