import { Button, Group, Text } from '@mantine/core';
import { useId } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import type { Me } from '../../common/accounts.ts';
import { LOCALE_NAMES, LOCALES, type Locale } from '../../common/i18n/locales.ts';
import { api } from '../lib/api.ts';
import { useLocaleChoice } from '../lib/i18n.tsx';
import { useSession } from '../lib/session.tsx';

const m = defineMessages({
  label: { id: 'app.language.label', defaultMessage: 'Language', description: 'Names the group of buttons that choose the app\'s language.' },
});

/**
 * The languages as buttons, each named in itself ("Français", with its lang), the current one pressed: reachable by Tab
 * and pressed with Enter or Space. The choice goes into the cookie (kept at sign-out, decision 0260) and, for a
 * member, into their account, so emails and other devices follow it.
 */
export function LanguageSwitch({ showLabel = false }: { showLabel?: boolean }) {
  const intl = useIntl();
  const { locale, choose } = useLocaleChoice();
  const { user, refresh } = useSession();
  const labelId = useId();
  const pick = async (next: Locale) => {
    await choose(next);
    if (user && user.locale !== next) {
      await api<Me>('/api/users/me', { method: 'PATCH', body: { locale: next } }).then(refresh, () => undefined);
    }
  };
  return (
    <Group gap={4} role="group" aria-labelledby={showLabel ? labelId : undefined}
      aria-label={showLabel ? undefined : intl.formatMessage(m.label)} data-testid="language-switch">
      {showLabel && <Text id={labelId} size="sm" fw={500} mr="xs">{intl.formatMessage(m.label)}</Text>}
      {LOCALES.map((l) => (
        <Button key={l} lang={l} size="compact-sm" variant={l === locale ? 'light' : 'subtle'} aria-pressed={l === locale}
          onClick={() => void pick(l)}>
          {LOCALE_NAMES[l]}
        </Button>
      ))}
    </Group>
  );
}
