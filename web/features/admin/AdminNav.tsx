import { Badge, Button, Group, VisuallyHidden } from '@mantine/core';
import { defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import { NavLink, useLocation } from 'react-router';
import type { AdminQueueCounts } from '../../../common/admin.ts';
import { useAdminQueueCounts } from '../../lib/adminQueue.ts';
import { withValues } from '../../lib/messages.ts';

const m = withValues(defineMessages({
  nav: { id: 'admin.nav.label', defaultMessage: 'Admin', description: 'Accessible name of the Admin area\'s own navigation.' },
  verifications: { id: 'admin.nav.verifications', defaultMessage: 'Verifications', description: 'Admin navigation: the licence and name change queue.' },
  reports: { id: 'admin.nav.reports', defaultMessage: 'Reports', description: 'Admin navigation: content members reported.' },
  resources: { id: 'admin.nav.resources', defaultMessage: 'Resource review', description: 'Admin navigation: resources waiting for approval (not the members\' resource library).' },
  forumPrivacy: { id: 'admin.nav.forumPrivacy', defaultMessage: 'Forum privacy', description: 'Admin navigation: what happens to forum posts that look identifying.' },
  audit: { id: 'admin.nav.audit', defaultMessage: 'Audit log', description: 'Admin navigation: the access audit trail.' },
  referrals: { id: 'admin.nav.referrals', defaultMessage: 'Referral figures', description: 'Admin navigation: the platform\'s referral counts.' },
  retention: { id: 'admin.nav.retention', defaultMessage: 'Retention', description: 'Admin navigation: how long records are kept.' },
  security: { id: 'admin.nav.security', defaultMessage: 'Sign-in policy', description: 'Admin navigation: idle sign-out and two-factor rules.' },
  waiting: { id: 'admin.nav.waiting', defaultMessage: '{label}, {waiting, plural, one {# waiting} other {# waiting}}', description: 'Accessible name of an admin navigation item with items waiting in its queue, read whole; {label} is the item\'s name.' },
}));

// "Resource review", not "Resources": the library members read is /resources.
const LINKS: { to: string; label: MessageDescriptor; waiting: (c: AdminQueueCounts) => number }[] = [
  { to: '/admin/verifications', label: m.verifications, waiting: (c) => c.verifications + c.nameChanges },
  { to: '/admin/reports', label: m.reports, waiting: (c) => c.reports },
  { to: '/admin/resources', label: m.resources, waiting: (c) => c.resources },
  { to: '/admin/forum-privacy', label: m.forumPrivacy, waiting: () => 0 },
  { to: '/admin/audit', label: m.audit, waiting: () => 0 },
  { to: '/admin/referrals', label: m.referrals, waiting: () => 0 },
  { to: '/admin/retention', label: m.retention, waiting: () => 0 },
  { to: '/admin/security', label: m.security, waiting: () => 0 },
];

/** The Admin area's own navigation, shown at the top of each admin page, with how much waits in each queue. */
export function AdminNav() {
  const intl = useIntl();
  const { pathname } = useLocation();
  const { data: counts } = useAdminQueueCounts(true);
  return (
    <Group component="nav" aria-label={intl.formatMessage(m.nav)} gap="xs" mb="md">
      {LINKS.map((link) => {
        const current = pathname.startsWith(link.to);
        const waiting = counts ? link.waiting(counts) : 0;
        const label = intl.formatMessage(link.label);
        return (
          <Button key={link.to} component={NavLink} to={link.to} size="sm" variant={current ? 'filled' : 'light'}
            aria-current={current ? 'page' : undefined}
            rightSection={waiting > 0 && (
              <Badge size="sm" circle={waiting < 10} color={current ? 'white' : 'brand'} c={current ? 'brand.8' : undefined} aria-hidden>{waiting}</Badge>
            )}>
            {/* One hidden name, read whole ("Reports, 2 waiting"): split parts would be read with a pause. */}
            {waiting > 0 ? (
              <>
                <VisuallyHidden component="span">{intl.formatMessage(m.waiting, { label, waiting })}</VisuallyHidden>
                <span aria-hidden>{label}</span>
              </>
            ) : label}
          </Button>
        );
      })}
    </Group>
  );
}
