import { Badge, Button, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { Resource } from '../../../common/resources.ts';
import { useConfirm } from '../../components/useConfirm.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { PagePagination } from '../../components/PagePagination.tsx';
import { ResourceCard } from '../../components/ResourceCard.tsx';
import { AdminNav } from './AdminNav.tsx';
import { useApproveResource, useDeclineResource, useResourceQueue } from './api.ts';

/** The approval dashboard: every resource, pending first; Approve and Decline on pending ones only. */
export default function AdminResourcesPage() {
  const [page, setPage] = useState(1);
  const { data, isPending } = useResourceQueue(page);
  return (
    <Stack gap="md">
      <AdminNav />
      <div>
        <Title order={1}>Resource approvals</Title>
        <Text c="dimmed">Approve submitted resources to publish them, or decline them.</Text>
      </div>
      {isPending ? <PageLoader label="Loading resources..." /> : <Queue resources={data?.resources ?? []} />}
      {data && <PagePagination total={data.totalPages} value={page} onChange={setPage} />}
    </Stack>
  );
}

function Queue({ resources }: { resources: Resource[] }) {
  const approve = useApproveResource();
  const decline = useDeclineResource();
  const confirm = useConfirm();
  if (!resources.length) return <Text>No resources to review.</Text>;

  // Failures are logged only, as the spec has it for admin actions.
  const logFailure = (what: string) => ({ onError: (error: Error) => console.error(what, error) });
  const onDecline = async (resource: Resource) => {
    const message = `Are you sure you want to decline "${resource.title}"? It will be permanently deleted.`;
    if (!(await confirm({ title: 'Decline resource', message, confirmLabel: 'Decline' }))) return;
    decline.mutate(resource._id, logFailure('Failed to decline resource'));
  };

  return (
    <Stack gap="sm" component="section" aria-label="Resources to review">
      {resources.map((resource) => (
        <ResourceCard key={resource._id} resource={resource}
          status={resource.isApproved
            ? <Badge color="brand" variant="filled">Approved</Badge>
            : <Badge color="yellow" variant="filled" c="dark.8">Pending</Badge>}
          actions={!resource.isApproved && (
            <>
              <Button size="xs" aria-label={`Approve ${resource.title}`} loading={approve.isPending && approve.variables === resource._id}
                onClick={() => approve.mutate(resource._id, logFailure('Failed to approve resource'))}>Approve</Button>
              <Button size="xs" color="red.8" variant="outline" aria-label={`Decline ${resource.title}`}
                loading={decline.isPending && decline.variables === resource._id}
                onClick={() => void onDecline(resource)}>Decline</Button>
            </>
          )} />
      ))}
    </Stack>
  );
}
