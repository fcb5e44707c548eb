import { Button, Group } from '@mantine/core';
import { NavLink, useLocation } from 'react-router';

const LINKS = [
  { to: '/admin/resources', label: 'Resources' },
  { to: '/admin/verifications', label: 'Verifications' },
  { to: '/admin/reports', label: 'Reports' },
  { to: '/admin/audit', label: 'Audit log' },
];

/** The Admin area's own navigation, shown at the top of each admin page. */
export function AdminNav() {
  const { pathname } = useLocation();
  return (
    <Group component="nav" aria-label="Admin" gap="xs" mb="md">
      {LINKS.map((link) => {
        const current = pathname.startsWith(link.to);
        return (
          <Button key={link.to} component={NavLink} to={link.to} size="sm" variant={current ? 'filled' : 'light'}
            aria-current={current ? 'page' : undefined}>
            {link.label}
          </Button>
        );
      })}
    </Group>
  );
}
