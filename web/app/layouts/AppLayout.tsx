import { Anchor, AppShell, Badge, Box, Burger, Group, NavLink as MantineNavLink, ScrollArea, Stack, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { Logo } from '../../components/Logo.tsx';
import { referralsNavLabel, useLiveReferrals, useReferralCounts } from '../../lib/referrals.ts';
import NotificationBell from '../../features/notifications/NotificationBell.tsx';
import QuickSearch from '../../features/search/QuickSearch.tsx';
import { useChatUnreadCount } from '../../lib/chatUnread.ts';
import { useMediaMatch } from '../../lib/hydration.ts';
import { isAdmin, isVerified, useSession } from '../../lib/session.tsx';
import { ScrollToTop } from './ScrollToTop.tsx';
import { useScrolled } from './useScrolled.ts';
import { VerificationBanner } from './VerificationBanner.tsx';

// `admin`: administrators only; `members`: verified members only (the server refuses the rest with 403);
// `unverified`: pending and rejected members only. `section`: the item is current anywhere under this path.
type NavItem = { to: string; label: string; admin?: boolean; members?: boolean; unverified?: boolean; section?: string };

const TOP_LINKS: NavItem[] = [
  { to: '/', label: 'Home', members: true },
  { to: '/verification', label: 'Verification', unverified: true },
  { to: '/admin/resources', label: 'Admin', admin: true, section: '/admin' },
  { to: '/forums', label: 'Forums', members: true },
  { to: '/resources', label: 'Resources' },
  { to: '/faq', label: 'FAQ' },
  { to: '/chat', label: 'Chat', members: true },
  { to: '/referrals', label: 'Referrals', members: true },
  { to: '/my-profile', label: 'My Profile' },
  { to: '/settings', label: 'Settings' },
];

const SIDE_LINKS: NavItem[] = [
  { to: '/', label: 'Home', members: true },
  { to: '/verification', label: 'Verification', unverified: true },
  { to: '/forums', label: 'Forums', members: true },
  { to: '/bookmarks', label: 'Bookmarks', members: true },
  { to: '/chat', label: 'Chat', members: true },
  { to: '/referrals', label: 'Referrals', members: true },
  { to: '/resources', label: 'Resources' },
  { to: '/therapists', label: 'Therapists' },
  { to: '/my-profile', label: 'My Profile' },
  { to: '/settings', label: 'Settings' },
  { to: '/admin/resources', label: 'Admin', admin: true, section: '/admin' },
];

/** Beside Chat, the number of conversations with unread messages; the link's name reads "Chat 2 conversations with unread messages". */
function NavLabel({ item, chatUnread }: { item: NavItem; chatUnread: number }) {
  if (item.to !== '/chat' || chatUnread === 0) return <>{item.label}</>;
  return (
    <>
      {item.label}{' '}
      <Badge component="span" size="sm" color="red.8" circle={chatUnread < 10}>{chatUnread > 99 ? '99+' : chatUnread}</Badge>
      <VisuallyHidden component="span"> {chatUnread === 1 ? 'conversation' : 'conversations'} with unread messages</VisuallyHidden>
    </>
  );
}

function useLogout() {
  const { signOut } = useSession();
  // The spec: logout clears the session and reloads the site root.
  return async () => {
    await signOut();
    window.location.assign('/');
  };
}

export default function AppLayout() {
  const { user } = useSession();
  const admin = isAdmin(user);
  const member = isVerified(user);
  const offered = (l: NavItem) => (!l.admin || admin) && (!l.members || member) && (!l.unverified || !member);
  const [opened, { toggle, close }] = useDisclosure(false);
  // On a phone both menus are hidden until the burger opens the side one: they are not built before that (two dozen
  // links cost a slow phone a good part of the screen's start). Read during the first render, not after.
  const [menuBuilt, setMenuBuilt] = useState(false);
  // A page the server drew has the phone's layout until the browser has taken it over (docs/decisions/0104).
  const sideShown = useMediaMatch('(min-width: 48em)') || menuBuilt;
  const topShown = useMediaMatch('(min-width: 62em)');
  const toggleMenu = () => {
    setMenuBuilt(true);
    toggle();
  };
  const scrolled = useScrolled();
  const logout = useLogout();
  const { pathname } = useLocation();
  const active = ({ to, section = to }: NavItem) => (to === '/' ? pathname === '/' : pathname.startsWith(section));
  useLiveReferrals(member);
  const chatUnread = useChatUnreadCount();
  const openReferrals = useReferralCounts().data?.receivedOpen ?? 0;
  // The Referrals item shows the number of open referrals received; its name says it in words ("Referrals, 2 open").
  const label = (l: NavItem) => (l.to === '/referrals' && openReferrals > 0 ? (
    <span>
      {/* One hidden name, read whole: split parts would be read with a pause between them. */}
      <VisuallyHidden>{referralsNavLabel(openReferrals)}</VisuallyHidden>
      <span aria-hidden>{l.label}</span>
      <Badge size="sm" circle={openReferrals < 10} color="brand" aria-hidden ml={6} component="span">{openReferrals}</Badge>
    </span>
  ) : <NavLabel item={l} chatUnread={chatUnread} />);

  return (
    <AppShell header={{ height: 60 }} navbar={{ width: 230, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding="md">
      <a className="skip-link" href="#main">Skip to content</a>
      <ScrollToTop />
      <AppShell.Header
        data-scrolled={scrolled || undefined}
        style={{ background: scrolled ? 'var(--mantine-color-white)' : 'var(--mantine-color-gray-0)', boxShadow: scrolled ? 'var(--mantine-shadow-sm)' : 'none' }}
      >
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggleMenu} hiddenFrom="sm" size="sm" aria-label="Toggle navigation" aria-expanded={opened} />
            <Box hiddenFrom="sm"><Logo /></Box>
          </Group>
          <Group gap="md" wrap="nowrap">
            {topShown && (
              <Group component="nav" aria-label="Top" gap="md" visibleFrom="md" wrap="nowrap">
                {TOP_LINKS.filter(offered).map((l) => (
                  <Anchor key={l.to} underline="hover" component={NavLink} to={l.to} c="dark.6" fw={active(l) ? 700 : 500}>{label(l)}</Anchor>
                ))}
                <UnstyledButton onClick={() => void logout()} fw={500} c="dark.6">Logout</UnstyledButton>
              </Group>
            )}
            <QuickSearch />
            <NotificationBell />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="md" aria-label="Side navigation">
        <Box visibleFrom="sm" mb="md"><Logo /></Box>
        {sideShown && (
          <AppShell.Section grow component={ScrollArea}>
            <Stack gap={4} component="nav" aria-label="Side">
              {SIDE_LINKS.filter(offered).map((l) => (
                <MantineNavLink key={l.to} component={NavLink} to={l.to} label={label(l)} active={active(l)} onClick={close} />
              ))}
              <MantineNavLink component="button" label="Logout" onClick={() => void logout()} />
            </Stack>
          </AppShell.Section>
        )}
      </AppShell.Navbar>
      <AppShell.Main id="main">
        <VerificationBanner />
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
