import { Anchor, Box, Burger, Button, Container, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { Link, NavLink, Outlet } from 'react-router';
import { Logo } from '../../components/Logo.tsx';
import { Footer } from './Footer.tsx';
import { ScrollToTop } from './ScrollToTop.tsx';
import { useScrolled } from './useScrolled.ts';

const PublicMenuDrawer = lazy(() => import('./PublicMenuDrawer.tsx'));

const m = defineMessages({
  home: { id: 'app.public.nav.home', defaultMessage: 'Home', description: 'Visitors\' navigation: the landing page.' },
  resources: { id: 'app.public.nav.resources', defaultMessage: 'Resources', description: 'Visitors\' navigation: the resource library.' },
  faq: { id: 'app.public.nav.faq', defaultMessage: 'FAQ', description: 'Visitors\' navigation: frequently asked questions.' },
  login: { id: 'app.public.nav.login', defaultMessage: 'Login', description: 'Visitors\' navigation: the sign-in page.' },
  register: { id: 'app.public.nav.register', defaultMessage: 'Register', description: 'Visitors\' navigation: the button to create an account.' },
  skip: { id: 'app.skipToContent', defaultMessage: 'Skip to content', description: 'A link for keyboard users, first on every page, to jump past the navigation.' },
  toggle: { id: 'app.nav.toggle', defaultMessage: 'Toggle navigation', description: 'The phone menu button\'s accessible name.' },
  main: { id: 'app.public.nav.label', defaultMessage: 'Main', description: 'Accessible name of the visitors\' main navigation.' },
});

const LINKS = [
  { to: '/', label: m.home },
  { to: '/resources', label: m.resources },
  { to: '/#faq', label: m.faq },
  { to: '/login', label: m.login },
];

export function PublicLayout() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const [everOpened, setEverOpened] = useState(false);
  const scrolled = useScrolled();
  const intl = useIntl();
  const links = LINKS.map((l) => ({ to: l.to, label: intl.formatMessage(l.label) }));
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <a className="skip-link" href="#main">{intl.formatMessage(m.skip)}</a>
      <ScrollToTop />
      <Box
        component="header"
        pos="sticky" top={0} style={{ zIndex: 100, transition: 'background 150ms, box-shadow 150ms',
          background: scrolled ? 'var(--mantine-color-white)' : 'transparent',
          boxShadow: scrolled ? 'var(--mantine-shadow-sm)' : 'none' }}
        data-scrolled={scrolled || undefined}
      >
        <Container size="lg" py="sm">
          <Group justify="space-between">
            <Logo />
            <Group component="nav" aria-label={intl.formatMessage(m.main)} gap="lg" visibleFrom="sm">
              {links.map((l) => <Anchor key={l.to} underline="hover" component={NavLink} to={l.to} c="dark.6" fw={500}>{l.label}</Anchor>)}
              <Button component={Link} to="/register">{intl.formatMessage(m.register)}</Button>
            </Group>
            <Burger opened={opened} onClick={() => { setEverOpened(true); toggle(); }} hiddenFrom="sm" aria-label={intl.formatMessage(m.toggle)} aria-expanded={opened} />
          </Group>
        </Container>
      </Box>
      {everOpened && (
        <Suspense fallback={null}>
          <PublicMenuDrawer opened={opened} onClose={close} links={links} />
        </Suspense>
      )}
      <Box component="main" id="main" style={{ flex: 1 }}>
        <Outlet />
      </Box>
      <Footer />
    </Box>
  );
}
