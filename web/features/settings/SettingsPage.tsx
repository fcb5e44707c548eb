import { Box, Container, Tabs, Title } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { isVerified, useSession } from '../../lib/session.tsx';
import { NotificationsPanel } from './NotificationsPanel.tsx';
import { PrivacyPanel } from './PrivacyPanel.tsx';
import { SecurityPanel } from './SecurityPanel.tsx';
import { LanguageSwitch } from '../../components/LanguageSwitch.tsx';

// One tab per area. The tab is in the address (/settings/privacy). Notifications are about members' activity, which
// a member waiting for verification takes no part in (the server refuses their preferences): theirs are the others.
const TABS = [
  { value: 'privacy', label: 'Privacy', panel: <PrivacyPanel /> },
  { value: 'security', label: 'Security', panel: <SecurityPanel /> },
  { value: 'notifications', label: 'Notifications', panel: <NotificationsPanel />, members: true },
];

export default function SettingsPage() {
  const { tab = 'privacy' } = useParams();
  const navigate = useNavigate();
  const { user } = useSession();
  const tabs = isVerified(user) ? TABS : TABS.filter((t) => !t.members);
  const current = tabs.some((t) => t.value === tab) ? tab : 'privacy';
  return (
    <Container size="md" px={0}>
      <Title order={1} size="h2" mb="md">Settings</Title>
      {/* The app's language, saved on the account (decision 0260): emails and other devices follow it. */}
      <Box mb="md" data-testid="language-setting"><LanguageSwitch showLabel /></Box>
      <Tabs value={current} onChange={(value) => value && navigate(`/settings/${value}`)} keepMounted={false}>
        <Tabs.List aria-label="Settings">
          {tabs.map((t) => <Tabs.Tab key={t.value} value={t.value}>{t.label}</Tabs.Tab>)}
        </Tabs.List>
        {tabs.map((t) => <Tabs.Panel key={t.value} value={t.value} pt="md">{t.panel}</Tabs.Panel>)}
      </Tabs>
    </Container>
  );
}
