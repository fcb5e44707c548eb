import { Anchor, Button, Drawer, Stack } from '@mantine/core';
import { Link, NavLink } from 'react-router';

/** The mobile menu; its own chunk, fetched the first time a visitor opens it. */
export default function PublicMenuDrawer({ opened, onClose, links }: { opened: boolean; onClose: () => void; links: { to: string; label: string }[] }) {
  return (
    // Above the sticky header (z-index 100), so the burger's own X is covered and the menu has one close button.
    <Drawer opened={opened} onClose={onClose} position="left" size="75%" title="Menu" hiddenFrom="sm" zIndex={300}
      closeButtonProps={{ 'aria-label': 'Close menu' }}>
      <Stack component="nav" aria-label="Mobile">
        {links.map((l) => <Anchor key={l.to} component={NavLink} to={l.to} onClick={onClose} size="lg" underline="hover">{l.label}</Anchor>)}
        <Button component={Link} to="/register" onClick={onClose}>Register</Button>
      </Stack>
    </Drawer>
  );
}
