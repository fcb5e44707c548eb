import { Badge, Button, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import type { Resource } from '../../../common/resources.ts';
import { useConfirm } from '../../components/useConfirm.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { PagePagination } from '../../components/PagePagination.tsx';
import { ResourceCard } from '../../components/ResourceCard.tsx';
import { withValues } from '../../lib/messages.ts';
import { AdminNav } from './AdminNav.tsx';
import { useApproveResource, useDeclineResource, useResourceQueue } from './api.ts';

const m = withValues(defineMessages({
  title: { id: 'admin.resources.title', defaultMessage: 'Resource approvals', description: 'Title of the admin screen approving resources members submitted.' },
  intro: { id: 'admin.resources.intro', defaultMessage: 'Approve submitted resources to publish them, or decline them.', description: 'Under the resource approvals title.' },
  loading: { id: 'admin.resources.loading', defaultMessage: 'Loading resources...', description: 'While the resources load.' },
  none: { id: 'admin.resources.none', defaultMessage: 'No resources to review.', description: 'No resource waits for review.' },
  declineQuestion: { id: 'admin.resources.declineQuestion', defaultMessage: 'Are you sure you want to decline "{title}"? It will be permanently deleted.', description: 'Question asked before declining a resource; {title} is its title.' },
  declineTitle: { id: 'admin.resources.declineTitle', defaultMessage: 'Decline resource', description: 'Title of the question asked before declining a resource.' },
  decline: { id: 'admin.resources.decline', defaultMessage: 'Decline', description: 'Button: decline (and delete) the resource.' },
  section: { id: 'admin.resources.section', defaultMessage: 'Resources to review', description: 'Accessible name of the list of resources.' },
  approved: { id: 'admin.resources.approved', defaultMessage: 'Approved', description: 'Badge: the resource is published.' },
  pending: { id: 'admin.resources.pending', defaultMessage: 'Pending', description: 'Badge: the resource waits for review.' },
  approveNamed: { id: 'admin.resources.approveNamed', defaultMessage: 'Approve {title}', description: 'Accessible name of the button approving the resource titled {title}.' },
  approve: { id: 'admin.resources.approve', defaultMessage: 'Approve', description: 'Button: approve and publish the resource.' },
  declineNamed: { id: 'admin.resources.declineNamed', defaultMessage: 'Decline {title}', description: 'Accessible name of the button declining the resource titled {title}.' },
}));

/** The approval dashboard: every resource, pending first; Approve and Decline on pending ones only. */
export default function AdminResourcesPage() {
  const intl = useIntl();
  const [page, setPage] = useState(1);
  const { data, isPending } = useResourceQueue(page);
  return (
    <Stack gap="md">
      <AdminNav />
      <div>
        <Title order={1}>{intl.formatMessage(m.title)}</Title>
        <Text c="dimmed">{intl.formatMessage(m.intro)}</Text>
      </div>
      {isPending ? <PageLoader label={intl.formatMessage(m.loading)} /> : <Queue resources={data?.resources ?? []} />}
      {data && <PagePagination total={data.totalPages} value={page} onChange={setPage} />}
    </Stack>
  );
}

function Queue({ resources }: { resources: Resource[] }) {
  const intl = useIntl();
  const approve = useApproveResource();
  const decline = useDeclineResource();
  const confirm = useConfirm();
  if (!resources.length) return <Text>{intl.formatMessage(m.none)}</Text>;

  // Failures are logged only, as the spec has it for admin actions.
  const logFailure = (what: string) => ({ onError: (error: Error) => console.error(what, error) });
  const onDecline = async (resource: Resource) => {
    const message = intl.formatMessage(m.declineQuestion, { title: resource.title });
    if (!(await confirm({ title: intl.formatMessage(m.declineTitle), message, confirmLabel: intl.formatMessage(m.decline) }))) return;
    decline.mutate(resource._id, logFailure('Failed to decline resource'));
  };

  return (
    <Stack gap="sm" component="section" aria-label={intl.formatMessage(m.section)}>
      {resources.map((resource) => (
        <ResourceCard key={resource._id} resource={resource}
          status={resource.isApproved
            ? <Badge color="brand" variant="filled">{intl.formatMessage(m.approved)}</Badge>
            : <Badge color="yellow" variant="filled" c="dark.8">{intl.formatMessage(m.pending)}</Badge>}
          actions={!resource.isApproved && (
            <>
              <Button size="xs" aria-label={intl.formatMessage(m.approveNamed, { title: resource.title })} loading={approve.isPending && approve.variables === resource._id}
                onClick={() => approve.mutate(resource._id, logFailure('Failed to approve resource'))}>{intl.formatMessage(m.approve)}</Button>
              <Button size="xs" color="red.8" variant="outline" aria-label={intl.formatMessage(m.declineNamed, { title: resource.title })}
                loading={decline.isPending && decline.variables === resource._id}
                onClick={() => void onDecline(resource)}>{intl.formatMessage(m.decline)}</Button>
            </>
          )} />
      ))}
    </Stack>
  );
}
