import { Box, Container, Tabs, Title } from '@mantine/core';
import { defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import { useNavigate, useParams } from 'react-router';
import { isVerified, useSession } from '../../lib/session.tsx';
import { NotificationsPanel } from './NotificationsPanel.tsx';
import { PrivacyPanel } from './PrivacyPanel.tsx';
import { SecurityPanel } from './SecurityPanel.tsx';
import { LanguageSwitch } from '../../components/LanguageSwitch.tsx';

const m = defineMessages({
  title: { id: 'settings.page.title', defaultMessage: 'Settings', description: 'Heading of the settings screen; also the accessible name of its tabs.' },
  privacy: { id: 'settings.tabs.privacy', defaultMessage: 'Privacy', description: 'Settings tab: directory listing, who can message, blocked members, data and account deletion.' },
  security: { id: 'settings.tabs.security', defaultMessage: 'Security', description: 'Settings tab: password, email, two-factor sign-in, passkeys, sessions.' },
  notifications: { id: 'settings.tabs.notifications', defaultMessage: 'Notifications', description: 'Settings tab: notification preferences.' },
});

// One tab per area. The tab is in the address (/settings/privacy). Notifications are about members' activity, which
// a member waiting for verification takes no part in (the server refuses their preferences): theirs are the others.
const TABS: { value: string; label: MessageDescriptor; panel: React.ReactNode; members?: boolean }[] = [
  { value: 'privacy', label: m.privacy, panel: <PrivacyPanel /> },
  { value: 'security', label: m.security, panel: <SecurityPanel /> },
  { value: 'notifications', label: m.notifications, panel: <NotificationsPanel />, members: true },
];

export default function SettingsPage() {
  const intl = useIntl();
  const { tab = 'privacy' } = useParams();
  const navigate = useNavigate();
  const { user } = useSession();
  const tabs = isVerified(user) ? TABS : TABS.filter((t) => !t.members);
  const current = tabs.some((t) => t.value === tab) ? tab : 'privacy';
  return (
    <Container size="md" px={0}>
      <Title order={1} size="h2" mb="md">{intl.formatMessage(m.title)}</Title>
      {/* The app's language, saved on the account (decision 0260): emails and other devices follow it. */}
      <Box mb="md" data-testid="language-setting"><LanguageSwitch showLabel /></Box>
      <Tabs value={current} onChange={(value) => value && navigate(`/settings/${value}`)} keepMounted={false}>
        <Tabs.List aria-label={intl.formatMessage(m.title)}>
          {tabs.map((t) => <Tabs.Tab key={t.value} value={t.value}>{intl.formatMessage(t.label)}</Tabs.Tab>)}
        </Tabs.List>
        {tabs.map((t) => <Tabs.Panel key={t.value} value={t.value} pt="md">{t.panel}</Tabs.Panel>)}
      </Tabs>
    </Container>
  );
}
