import { Anchor, Button, Drawer, Stack } from '@mantine/core';
import { defineMessages, useIntl } from 'react-intl';
import { Link, NavLink } from 'react-router';

const m = defineMessages({
  title: { id: 'app.public.menu.title', defaultMessage: 'Menu', description: 'Title of the visitors\' menu on a phone.' },
  close: { id: 'app.public.menu.close', defaultMessage: 'Close menu', description: 'Accessible name of the phone menu\'s close button.' },
  nav: { id: 'app.public.menu.nav', defaultMessage: 'Mobile', description: 'Accessible name of the navigation inside the phone menu.' },
  register: { id: 'app.public.nav.register', defaultMessage: 'Register', description: 'Visitors\' navigation: the button to create an account.' },
});

/** The mobile menu; its own chunk, fetched the first time a visitor opens it. */
export default function PublicMenuDrawer({ opened, onClose, links }: { opened: boolean; onClose: () => void; links: { to: string; label: string }[] }) {
  const intl = useIntl();
  return (
    // Above the sticky header (z-index 100), so the burger's own X is covered and the menu has one close button.
    <Drawer opened={opened} onClose={onClose} position="left" size="75%" title={intl.formatMessage(m.title)} hiddenFrom="sm" zIndex={300}
      closeButtonProps={{ 'aria-label': intl.formatMessage(m.close) }}>
      <Stack component="nav" aria-label={intl.formatMessage(m.nav)}>
        {links.map((l) => <Anchor key={l.to} component={NavLink} to={l.to} onClick={onClose} size="lg" underline="hover">{l.label}</Anchor>)}
        <Button component={Link} to="/register" onClick={onClose}>{intl.formatMessage(m.register)}</Button>
      </Stack>
    </Drawer>
  );
}
