import { Badge, Button, Group, VisuallyHidden } from '@mantine/core';
import { NavLink, useLocation } from 'react-router';
import type { AdminQueueCounts } from '../../../common/admin.ts';
import { useAdminQueueCounts } from '../../lib/adminQueue.ts';

// "Resource review", not "Resources": the library members read is /resources.
const LINKS: { to: string; label: string; waiting: (c: AdminQueueCounts) => number }[] = [
  { to: '/admin/verifications', label: 'Verifications', waiting: (c) => c.verifications + c.nameChanges },
  { to: '/admin/reports', label: 'Reports', waiting: (c) => c.reports },
  { to: '/admin/resources', label: 'Resource review', waiting: (c) => c.resources },
  { to: '/admin/audit', label: 'Audit log', waiting: () => 0 },
];

/** The Admin area's own navigation, shown at the top of each admin page, with how much waits in each queue. */
export function AdminNav() {
  const { pathname } = useLocation();
  const { data: counts } = useAdminQueueCounts(true);
  return (
    <Group component="nav" aria-label="Admin" gap="xs" mb="md">
      {LINKS.map((link) => {
        const current = pathname.startsWith(link.to);
        const waiting = counts ? link.waiting(counts) : 0;
        return (
          <Button key={link.to} component={NavLink} to={link.to} size="sm" variant={current ? 'filled' : 'light'}
            aria-current={current ? 'page' : undefined}
            rightSection={waiting > 0 && (
              <Badge size="sm" circle={waiting < 10} color={current ? 'white' : 'brand'} c={current ? 'brand.8' : undefined} aria-hidden>{waiting}</Badge>
            )}>
            {/* One hidden name, read whole ("Reports, 2 waiting"): split parts would be read with a pause. */}
            {waiting > 0 ? (
              <>
                <VisuallyHidden component="span">{`${link.label}, ${waiting} waiting`}</VisuallyHidden>
                <span aria-hidden>{link.label}</span>
              </>
            ) : link.label}
          </Button>
        );
      })}
    </Group>
  );
}
