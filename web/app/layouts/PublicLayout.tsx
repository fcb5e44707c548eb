import { Anchor, Box, Burger, Button, Container, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';
import { Link, NavLink, Outlet } from 'react-router';
import { Logo } from '../../components/Logo.tsx';
import { Footer } from './Footer.tsx';
import { ScrollToTop } from './ScrollToTop.tsx';
import { useScrolled } from './useScrolled.ts';

const PublicMenuDrawer = lazy(() => import('./PublicMenuDrawer.tsx'));

const LINKS = [
  { to: '/', label: 'Home' },
  { to: '/resources', label: 'Resources' },
  { to: '/#faq', label: 'FAQ' },
  { to: '/login', label: 'Login' },
];

export function PublicLayout() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const [everOpened, setEverOpened] = useState(false);
  const scrolled = useScrolled();
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <a className="skip-link" href="#main">Skip to content</a>
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
            <Group component="nav" aria-label="Main" gap="lg" visibleFrom="sm">
              {LINKS.map((l) => <Anchor key={l.to} underline="hover" component={NavLink} to={l.to} c="dark.6" fw={500}>{l.label}</Anchor>)}
              <Button component={Link} to="/register">Register</Button>
            </Group>
            <Burger opened={opened} onClick={() => { setEverOpened(true); toggle(); }} hiddenFrom="sm" aria-label="Toggle navigation" aria-expanded={opened} />
          </Group>
        </Container>
      </Box>
      {everOpened && (
        <Suspense fallback={null}>
          <PublicMenuDrawer opened={opened} onClose={close} links={LINKS} />
        </Suspense>
      )}
      <Box component="main" id="main" style={{ flex: 1 }}>
        <Outlet />
      </Box>
      <Footer />
    </Box>
  );
}
