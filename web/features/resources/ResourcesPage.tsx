import { Alert, Anchor, Button, Collapse, Container, Group, Select, Stack, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { Link } from 'react-router';
import { RESOURCE_CATEGORIES } from '../../../common/options.ts';
import type { Resource } from '../../../common/resources.ts';
import { useConfirm } from '../../components/useConfirm.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { PagePagination } from '../../components/PagePagination.tsx';
import { ReportButton } from '../../components/ReportButton.tsx';
import { ResourceCard } from '../../components/ResourceCard.tsx';
import { isAdmin, isVerified, useSession } from '../../lib/session.tsx';
import { useTextFromUrl } from '../../lib/useTextFromUrl.ts';
import { useDeleteResource, useResources } from './api.ts';
import { SubmitResourceForm } from './SubmitResourceForm.tsx';

const ALL = '';

/** The public library (both layouts): search, category filter, pages; the submit form for verified members; delete for admins. */
export default function ResourcesPage() {
  const { user } = useSession();
  const [search, setSearch] = useTextFromUrl('q');
  const [category, setCategory] = useState(ALL);
  const [page, setPage] = useState(1);
  const [formOpen, setFormOpen] = useState(false);
  const [debounced] = useDebouncedValue(search, 300);
  const { data, isPending, isError } = useResources({ page, category: category || null, search: debounced });

  const filterBy = (apply: () => void) => {
    apply();
    setPage(1);
  };

  return (
    <Container size="md" py={user ? 0 : 'xl'} px={user ? 0 : 'md'}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={1}>Resources</Title>
            <Text c="dimmed">Articles, books, tools and more, shared by verified therapists.</Text>
          </div>
          {isVerified(user) && !formOpen && <Button onClick={() => setFormOpen(true)}>Submit a resource</Button>}
        </Group>

        {isVerified(user) && (
          <Collapse expanded={formOpen}>
            {formOpen && <SubmitResourceForm onDone={() => setFormOpen(false)} />}
          </Collapse>
        )}
        {user && !isVerified(user) && (
          <Text size="sm" c="dimmed">You can submit resources once your licence has been verified.</Text>
        )}
        {!user && (
          <Text size="sm" c="dimmed">
            <Anchor component={Link} to="/login">Log in</Anchor> to submit a resource.
          </Text>
        )}

        <Group grow align="flex-end" preventGrowOverflow={false} wrap="wrap">
          <TextInput label="Search resources" type="search" value={search} miw={220}
            onChange={(e) => { const value = e.currentTarget.value; filterBy(() => setSearch(value)); }} />
          <Select label="Category" value={category} miw={180} allowDeselect={false}
            data={[{ value: ALL, label: 'All categories' }, ...RESOURCE_CATEGORIES.map((c) => ({ value: c, label: c }))]}
            onChange={(v) => filterBy(() => setCategory(v ?? ALL))} />
        </Group>

        {isPending ? <PageLoader label="Loading resources..." /> : isError ? (
          <Alert color="red" role="alert">Failed to fetch resources</Alert>
        ) : (
          <ResourceList resources={data.resources} canDelete={isAdmin(user)} reporterId={isVerified(user) ? user?._id ?? null : null} />
        )}

        {data && <PagePagination total={data.totalPages} value={page} onChange={setPage} />}
      </Stack>
    </Container>
  );
}

/** `reporterId`: the verified reader, who may report resources they did not submit (null: no Report buttons). */
function ResourceList({ resources, canDelete, reporterId }: { resources: Resource[]; canDelete: boolean; reporterId: string | null }) {
  const confirm = useConfirm();
  const remove = useDeleteResource();
  if (!resources.length) return <Text>No resources found.</Text>;

  async function onDelete(resource: Resource) {
    const message = `Are you sure you want to delete "${resource.title}"? This cannot be undone.`;
    if (!(await confirm({ title: 'Delete resource', message, confirmLabel: 'Delete' }))) return;
    // The spec: failed deletes are logged only.
    remove.mutate(resource._id, { onError: (error) => console.error('Failed to delete resource', error) });
  }

  return (
    <Stack gap="sm" component="section" aria-labelledby="resource-list">
      <VisuallyHidden component="h2" id="resource-list">Resource list</VisuallyHidden>
      {resources.map((resource) => (
        <ResourceCard key={resource._id} resource={resource} actions={(canDelete || reporterId) && (
          <>
            {reporterId && (
              <ReportButton targetType="resource" targetId={resource._id} what={resource.title} size="sm" />
            )}
            {canDelete && (
              <Button size="xs" color="red.8" variant="outline" loading={remove.isPending && remove.variables === resource._id}
                onClick={() => void onDelete(resource)} aria-label={`Delete ${resource.title}`}>Delete</Button>
            )}
          </>
        )} />
      ))}
    </Stack>
  );
}
