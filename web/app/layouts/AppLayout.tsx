import { AppShell, Badge, Box, Burger, Group, NavLink as MantineNavLink, ScrollArea, Stack, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { Logo } from '../../components/Logo.tsx';
import { referralsNavLabel, useLiveReferrals, useReferralCounts } from '../../lib/referrals.ts';
import NotificationBell from '../../features/notifications/NotificationBell.tsx';
import QuickSearch from '../../features/search/QuickSearch.tsx';
import { adminNavLabel, adminWaiting, useAdminQueueCounts } from '../../lib/adminQueue.ts';
import { chatUnreadText, useChatUnreadCount } from '../../lib/chatUnread.ts';
import { useMediaMatch } from '../../lib/hydration.ts';
import { isAdmin, isVerified, useSession } from '../../lib/session.tsx';
import { ScrollToTop } from './ScrollToTop.tsx';
import { useScrolled } from './useScrolled.ts';
import { RecoveryCodeNotice } from './RecoveryCodeNotice.tsx';
import { VerificationBanner } from './VerificationBanner.tsx';

// `admin`: administrators only; `members`: verified members only (the server refuses the rest with 403);
// `unverified`: pending and rejected members only. `section`: the item is current anywhere under this path.
type NavItem = { to: string; label: string; admin?: boolean; members?: boolean; unverified?: boolean; section?: string };

// The one navigation, in the side bar on a wide screen and behind the burger on a phone: every destination once.
const NAV_LINKS: NavItem[] = [
  { to: '/', label: 'Home', members: true },
  { to: '/verification', label: 'Verification', unverified: true },
  { to: '/forums', label: 'Forums', members: true },
  { to: '/bookmarks', label: 'Bookmarks', members: true },
  { to: '/chat', label: 'Chat', members: true },
  { to: '/referrals', label: 'Referrals', members: true },
  { to: '/therapists', label: 'Therapists' },
  { to: '/resources', label: 'Resources' },
  { to: '/faq', label: 'FAQ' },
  { to: '/my-profile', label: 'My Profile' },
  { to: '/settings', label: 'Settings' },
  { to: '/admin', label: 'Admin', admin: true, section: '/admin' },
];

/** What is new, counted per navigation item: its badge, and the words a screen reader hears for it. */
type Counts = { chat: number; referrals: number; admin: number };

/**
 * A count beside an item, in the item's right section so it never wraps under the label. The item's name says it in
 * words: "Chat 2 conversations with unread messages", "Referrals, 2 open", "Admin, 3 waiting".
 */
function NavCount({ item, counts }: { item: NavItem; counts: Counts }) {
  if (item.to === '/chat' && counts.chat > 0) {
    return (
      <>
        <Badge component="span" size="sm" color="red.8" circle={counts.chat < 10}>{counts.chat > 99 ? '99+' : counts.chat}</Badge>
        <VisuallyHidden component="span"> {counts.chat === 1 ? 'conversation' : 'conversations'} with unread messages</VisuallyHidden>
      </>
    );
  }
  const count = item.to === '/referrals' ? counts.referrals : item.to === '/admin' ? counts.admin : 0;
  if (count === 0) return null;
  return <Badge size="sm" circle={count < 10} color="brand" aria-hidden component="span">{count > 99 ? '99+' : count}</Badge>;
}

/** The item's label; for a count read as part of a sentence, one hidden name read whole (split parts are read with a pause). */
function NavText({ item, counts }: { item: NavItem; counts: Counts }) {
  const spoken = item.to === '/referrals' && counts.referrals > 0 ? referralsNavLabel(counts.referrals)
    : item.to === '/admin' && counts.admin > 0 ? adminNavLabel(counts.admin) : null;
  if (!spoken) return <>{item.label}</>;
  return (
    <>
      <VisuallyHidden component="span">{spoken}</VisuallyHidden>
      <span aria-hidden>{item.label}</span>
    </>
  );
}

/** On a phone the counts are behind the burger: a dot on it says something is new, and its description says what. */
function newsText(counts: Counts): string {
  return [
    counts.chat > 0 && chatUnreadText(counts.chat),
    counts.referrals > 0 && `${counts.referrals} open ${counts.referrals === 1 ? 'referral' : 'referrals'}`,
    counts.admin > 0 && `${counts.admin} waiting for an administrator`,
  ].filter(Boolean).join(', ');
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
  // On a phone the menu is hidden until the burger opens it: it is not built before that (two dozen links cost a slow
  // phone a good part of the screen's start). Read during the first render, not after.
  const [menuBuilt, setMenuBuilt] = useState(false);
  // A page the server drew has the phone's layout until the browser has taken it over (docs/decisions/0104).
  const sideShown = useMediaMatch('(min-width: 48em)') || menuBuilt;
  const toggleMenu = () => {
    setMenuBuilt(true);
    toggle();
  };
  const scrolled = useScrolled();
  const logout = useLogout();
  const { pathname } = useLocation();
  const active = ({ to, section = to }: NavItem) => (to === '/' ? pathname === '/' : pathname.startsWith(section));
  useLiveReferrals(member);
  const counts: Counts = {
    chat: useChatUnreadCount(),
    referrals: useReferralCounts().data?.receivedOpen ?? 0,
    admin: adminWaiting(useAdminQueueCounts(admin).data),
  };
  const news = newsText(counts);

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
            <Box hiddenFrom="sm" pos="relative">
              <Burger opened={opened} onClick={toggleMenu} size="sm" aria-label="Toggle navigation" aria-expanded={opened}
                aria-describedby={news ? 'menu-news' : undefined} />
              {news && (
                <>
                  <Box component="span" aria-hidden data-testid="menu-news-dot" pos="absolute" top={2} right={2} w={10} h={10}
                    style={{ borderRadius: '50%', background: 'var(--mantine-color-red-8)', boxShadow: '0 0 0 2px var(--mantine-color-white)', pointerEvents: 'none' }} />
                  <VisuallyHidden id="menu-news">New: {news}</VisuallyHidden>
                </>
              )}
            </Box>
            <Box hiddenFrom="sm"><Logo /></Box>
          </Group>
          <Group gap="md" wrap="nowrap">
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
              {NAV_LINKS.filter(offered).map((l) => (
                <MantineNavLink key={l.to} component={NavLink} to={l.to} label={<NavText item={l} counts={counts} />}
                  rightSection={<NavCount item={l} counts={counts} />} active={active(l)} onClick={close} />
              ))}
              <MantineNavLink component="button" label="Logout" onClick={() => void logout()} />
            </Stack>
          </AppShell.Section>
        )}
      </AppShell.Navbar>
      <AppShell.Main id="main">
        <VerificationBanner />
        <RecoveryCodeNotice />
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
