import { AppShell, Badge, Box, Burger, Group, NavLink as MantineNavLink, ScrollArea, Stack, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { defineMessages, useIntl, type IntlShape, type MessageDescriptor } from 'react-intl';
import { NavLink, Outlet, useLocation } from 'react-router';
import { Logo } from '../../components/Logo.tsx';
import { LanguageSwitch } from '../../components/LanguageSwitch.tsx';
import { useLiveReferrals, useReferralCounts } from '../../lib/referrals.ts';
import NotificationBell from '../../features/notifications/NotificationBell.tsx';
import QuickSearch from '../../features/search/QuickSearch.tsx';
import { adminWaiting, useAdminQueueCounts } from '../../lib/adminQueue.ts';
import { useChatUnreadCount } from '../../lib/chatUnread.ts';
import { badgeCount } from '../../lib/badge-count.ts';
import { useMediaMatch } from '../../lib/hydration.ts';
import { isAdmin, isVerified, useSession } from '../../lib/session.tsx';
import { ScrollToTop } from './ScrollToTop.tsx';
import { useScrolled } from './useScrolled.ts';
import { RecoveryCodeNotice } from './RecoveryCodeNotice.tsx';
import { VerificationBanner } from './VerificationBanner.tsx';
import { OfflineNotice } from '../../components/AppNotices.tsx';

// `admin`: administrators only; `members`: verified members only (the server refuses the rest with 403);
// `unverified`: pending and rejected members only. `section`: the item is current anywhere under this path.
type NavItem = { to: string; label: MessageDescriptor; admin?: boolean; members?: boolean; unverified?: boolean; section?: string };

const m = defineMessages({
  home: { id: 'app.nav.home', defaultMessage: 'Home', description: 'Members\' navigation: the dashboard.' },
  verification: { id: 'app.nav.verification', defaultMessage: 'Verification', description: 'Members\' navigation: the licence verification screen (unverified members).' },
  forums: { id: 'app.nav.forums', defaultMessage: 'Forums', description: 'Members\' navigation: the forums.' },
  bookmarks: { id: 'app.nav.bookmarks', defaultMessage: 'Bookmarks', description: 'Members\' navigation: saved forum posts.' },
  chat: { id: 'app.nav.chat', defaultMessage: 'Chat', description: 'Members\' navigation: the messaging screen.' },
  referrals: { id: 'app.nav.referrals', defaultMessage: 'Referrals', description: 'Members\' navigation: client referrals.' },
  groups: { id: 'app.nav.groups', defaultMessage: 'Groups', description: 'Members\' navigation: consultation groups.' },
  therapists: { id: 'app.nav.therapists', defaultMessage: 'Therapists', description: 'Members\' navigation: the therapist directory.' },
  resources: { id: 'app.nav.resources', defaultMessage: 'Resources', description: 'Members\' navigation: the resource library.' },
  faq: { id: 'app.nav.faq', defaultMessage: 'FAQ', description: 'Members\' navigation: frequently asked questions.' },
  myProfile: { id: 'app.nav.myProfile', defaultMessage: 'My Profile', description: 'Members\' navigation: the member\'s own profile.' },
  settings: { id: 'app.nav.settings', defaultMessage: 'Settings', description: 'Members\' navigation: the settings.' },
  admin: { id: 'app.nav.admin', defaultMessage: 'Admin', description: 'Members\' navigation: the administration screens (administrators).' },
  logout: { id: 'app.nav.logout', defaultMessage: 'Logout', description: 'Members\' navigation: the button that signs out.' },
  skip: { id: 'app.skipToContent', defaultMessage: 'Skip to content', description: 'A link for keyboard users, first on every page, to jump past the navigation.' },
  toggle: { id: 'app.nav.toggle', defaultMessage: 'Toggle navigation', description: 'The phone menu button\'s accessible name.' },
  sidebar: { id: 'app.nav.sidebar', defaultMessage: 'Side navigation', description: 'Accessible name of the side bar holding the navigation.' },
  side: { id: 'app.nav.side', defaultMessage: 'Side', description: 'Accessible name of the navigation list in the side bar.' },
});

type Count = { count: number };
const counted = defineMessages<{
  chatUnread: Count; referralsOpen: Count; adminWaiting: Count; newsChat: Count; newsReferrals: Count; newsAdmin: Count;
  news: { news: string };
}>({
  chatUnread: {
    id: 'app.nav.chatUnread',
    defaultMessage: '{count, plural, one {conversation} other {conversations}} with unread messages',
    description: 'Read by screen readers after the number on the Chat item: "Chat 2 conversations with unread messages".',
  },
  referralsOpen: { id: 'app.nav.referralsOpen', defaultMessage: 'Referrals, {count} open', description: 'Spoken name of the Referrals item when referrals received wait for an answer.' },
  adminWaiting: { id: 'app.nav.adminWaiting', defaultMessage: 'Admin, {count} waiting', description: 'Spoken name of the Admin item when items wait for an administrator.' },
  newsChat: {
    id: 'app.nav.news.chat',
    defaultMessage: '{count} {count, plural, one {conversation} other {conversations}} with unread messages',
    description: 'Part of what the phone menu button says is new.',
  },
  newsReferrals: {
    id: 'app.nav.news.referrals',
    defaultMessage: '{count} open {count, plural, one {referral} other {referrals}}',
    description: 'Part of what the phone menu button says is new.',
  },
  newsAdmin: { id: 'app.nav.news.admin', defaultMessage: '{count} waiting for an administrator', description: 'Part of what the phone menu button says is new.' },
  news: { id: 'app.nav.news', defaultMessage: 'New: {news}', description: 'Description of the phone menu button when something is new: {news} lists what, separated by commas.' },
});

// The one navigation, in the side bar on a wide screen and behind the burger on a phone: every destination once.
const NAV_LINKS: NavItem[] = [
  { to: '/', label: m.home, members: true },
  { to: '/verification', label: m.verification, unverified: true },
  { to: '/forums', label: m.forums, members: true },
  { to: '/bookmarks', label: m.bookmarks, members: true },
  { to: '/chat', label: m.chat, members: true },
  { to: '/referrals', label: m.referrals, members: true },
  { to: '/groups', label: m.groups, members: true, section: '/groups' },
  { to: '/therapists', label: m.therapists },
  { to: '/resources', label: m.resources },
  { to: '/faq', label: m.faq },
  { to: '/my-profile', label: m.myProfile },
  { to: '/settings', label: m.settings },
  { to: '/admin', label: m.admin, admin: true, section: '/admin' },
];

/** What is new, counted per navigation item: its badge, and the words a screen reader hears for it. */
type Counts = { chat: number; referrals: number; admin: number };

/**
 * A count beside an item, in the item's right section so it never wraps under the label. The item's name says it in
 * words: "Chat 2 conversations with unread messages", "Referrals, 2 open", "Admin, 3 waiting".
 */
function NavCount({ item, counts }: { item: NavItem; counts: Counts }) {
  const intl = useIntl();
  if (item.to === '/chat' && counts.chat > 0) {
    return (
      <>
        <Badge component="span" size="sm" color="red.8" circle={counts.chat < 10}>{badgeCount(intl, counts.chat)}</Badge>
        <VisuallyHidden component="span"> {intl.formatMessage(counted.chatUnread, { count: counts.chat })}</VisuallyHidden>
      </>
    );
  }
  const count = item.to === '/referrals' ? counts.referrals : item.to === '/admin' ? counts.admin : 0;
  if (count === 0) return null;
  return <Badge size="sm" circle={count < 10} color="brand" aria-hidden component="span">{badgeCount(intl, count)}</Badge>;
}

/** The item's label; for a count read as part of a sentence, one hidden name read whole (split parts are read with a pause). */
function NavText({ item, counts }: { item: NavItem; counts: Counts }) {
  const intl = useIntl();
  const spoken = item.to === '/referrals' && counts.referrals > 0 ? intl.formatMessage(counted.referralsOpen, { count: counts.referrals })
    : item.to === '/admin' && counts.admin > 0 ? intl.formatMessage(counted.adminWaiting, { count: counts.admin }) : null;
  const label = intl.formatMessage(item.label);
  if (!spoken) return <>{label}</>;
  return (
    <>
      <VisuallyHidden component="span">{spoken}</VisuallyHidden>
      <span aria-hidden>{label}</span>
    </>
  );
}

/** On a phone the counts are behind the burger: a dot on it says something is new, and its description says what. */
function newsText(counts: Counts, intl: IntlShape): string {
  return [
    counts.chat > 0 && intl.formatMessage(counted.newsChat, { count: counts.chat }),
    counts.referrals > 0 && intl.formatMessage(counted.newsReferrals, { count: counts.referrals }),
    counts.admin > 0 && intl.formatMessage(counted.newsAdmin, { count: counts.admin }),
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
  const intl = useIntl();
  const news = newsText(counts, intl);

  return (
    <AppShell header={{ height: 60 }} navbar={{ width: 230, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding="md">
      <a className="skip-link" href="#main">{intl.formatMessage(m.skip)}</a>
      <ScrollToTop />
      <AppShell.Header
        data-scrolled={scrolled || undefined}
        style={{ background: scrolled ? 'var(--mantine-color-white)' : 'var(--mantine-color-gray-0)', boxShadow: scrolled ? 'var(--mantine-shadow-sm)' : 'none' }}
      >
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Box hiddenFrom="sm" pos="relative">
              <Burger opened={opened} onClick={toggleMenu} size="sm" aria-label={intl.formatMessage(m.toggle)} aria-expanded={opened}
                aria-describedby={news ? 'menu-news' : undefined} />
              {news && (
                <>
                  <Box component="span" aria-hidden data-testid="menu-news-dot" pos="absolute" top={2} right={2} w={10} h={10}
                    style={{ borderRadius: '50%', background: 'var(--mantine-color-red-8)', boxShadow: '0 0 0 2px var(--mantine-color-white)', pointerEvents: 'none' }} />
                  <VisuallyHidden id="menu-news">{intl.formatMessage(counted.news, { news })}</VisuallyHidden>
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
      <AppShell.Navbar p="md" aria-label={intl.formatMessage(m.sidebar)}>
        <Box visibleFrom="sm" mb="md"><Logo /></Box>
        {sideShown && (
          <AppShell.Section grow component={ScrollArea}>
            <Stack gap={4} component="nav" aria-label={intl.formatMessage(m.side)}>
              {NAV_LINKS.filter(offered).map((l) => (
                <MantineNavLink key={l.to} component={NavLink} to={l.to} label={<NavText item={l} counts={counts} />}
                  rightSection={<NavCount item={l} counts={counts} />} active={active(l)} onClick={close} />
              ))}
              <MantineNavLink component="button" label={intl.formatMessage(m.logout)} onClick={() => void logout()} />
            </Stack>
          </AppShell.Section>
        )}
      </AppShell.Navbar>
      <AppShell.Main id="main">
        <OfflineNotice />
        <VerificationBanner />
        <RecoveryCodeNotice />
        <Outlet />
        {/* The language switch, as on the visitors' pages: below each screen, out of the way. */}
        <Box component="footer" mt="xl" pt="md">
          <LanguageSwitch />
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}
