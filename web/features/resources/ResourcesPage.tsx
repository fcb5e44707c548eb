import { Alert, Anchor, Button, Collapse, Container, Group, Select, Stack, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState, type ReactNode } from 'react';
import { defineMessages, FormattedMessage, useIntl, type MessageTag } from 'react-intl';
import { Link } from 'react-router';
import { RESOURCE_CATEGORIES } from '../../../common/options.ts';
import type { Resource } from '../../../common/resources.ts';
import { useConfirm } from '../../components/useConfirm.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { PagePagination } from '../../components/PagePagination.tsx';
import { ReportButton } from '../../components/ReportButton.tsx';
import { ResourceCard } from '../../components/ResourceCard.tsx';
import { useOptionLabels } from '../../lib/option-labels.ts';
import { isAdmin, isVerified, useSession } from '../../lib/session.tsx';
import { useTextFromUrl } from '../../lib/useTextFromUrl.ts';
import { useDeleteResource, useResources } from './api.ts';
import { SubmitResourceForm } from './SubmitResourceForm.tsx';

const ALL = '';

const m = defineMessages({
  title: { id: 'resources.page.title', defaultMessage: 'Resources', description: 'Title of the resource library page.' },
  intro: { id: 'resources.page.intro', defaultMessage: 'Articles, books, tools and more, shared by verified therapists.', description: 'Under the resource library\'s title.' },
  submit: { id: 'resources.page.submit', defaultMessage: 'Submit a resource', description: 'Button opening the form to submit a resource to the library.' },
  notVerified: {
    id: 'resources.page.notVerified', defaultMessage: 'You can submit resources once your licence has been verified.',
    description: 'Shown to a member whose licence is not verified yet, instead of the submit button.',
  },
  search: { id: 'resources.page.search', defaultMessage: 'Search resources', description: 'Label of the search field of the resource library.' },
  category: { id: 'resources.page.category', defaultMessage: 'Category', description: 'Label of the category filter of the resource library.' },
  allCategories: { id: 'resources.page.allCategories', defaultMessage: 'All categories', description: 'The category filter\'s choice showing every category.' },
  loading: { id: 'resources.page.loading', defaultMessage: 'Loading resources...', description: 'Accessible name of the spinner while the library loads.' },
  failed: { id: 'resources.page.failed', defaultMessage: 'Failed to fetch resources', description: 'The library could not be loaded.' },
  none: { id: 'resources.list.none', defaultMessage: 'No resources found.', description: 'The library, or the search, has no resources.' },
  deleteTitle: { id: 'resources.list.deleteTitle', defaultMessage: 'Delete resource', description: 'Title of the dialog confirming an administrator\'s deletion of a resource.' },
  delete: { id: 'resources.list.delete', defaultMessage: 'Delete', description: 'Button deleting a resource (administrators), and the confirming button.' },
  listHeading: { id: 'resources.list.heading', defaultMessage: 'Resource list', description: 'Heading of the list of resources, read by screen readers only.' },
});
const mv = defineMessages<{
  logInToSubmit: { link: MessageTag }; deleteQuestion: { title: string }; deleteNamed: { title: string };
}>({
  logInToSubmit: {
    id: 'resources.page.logInToSubmit', defaultMessage: '<link>Log in</link> to submit a resource.',
    description: 'Shown to visitors: <link> goes to the sign-in page.',
  },
  deleteQuestion: {
    id: 'resources.list.deleteQuestion', defaultMessage: 'Are you sure you want to delete "{title}"? This cannot be undone.',
    description: 'Confirmation before an administrator deletes a resource; {title} is its title.',
  },
  deleteNamed: { id: 'resources.list.deleteNamed', defaultMessage: 'Delete {title}', description: 'Accessible name of a resource\'s Delete button; {title} is its title.' },
});

const loginLink = (chunks: ReactNode[]) => <Anchor component={Link} to="/login">{chunks}</Anchor>;

/** The public library (both layouts): search, category filter, pages; the submit form for verified members; delete for admins. */
export default function ResourcesPage() {
  const { user } = useSession();
  const intl = useIntl();
  const labels = useOptionLabels();
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
            <Title order={1}>{intl.formatMessage(m.title)}</Title>
            <Text c="dimmed">{intl.formatMessage(m.intro)}</Text>
          </div>
          {isVerified(user) && !formOpen && <Button onClick={() => setFormOpen(true)}>{intl.formatMessage(m.submit)}</Button>}
        </Group>

        {isVerified(user) && (
          <Collapse expanded={formOpen}>
            {formOpen && <SubmitResourceForm onDone={() => setFormOpen(false)} />}
          </Collapse>
        )}
        {user && !isVerified(user) && (
          <Text size="sm" c="dimmed">{intl.formatMessage(m.notVerified)}</Text>
        )}
        {!user && (
          <Text size="sm" c="dimmed">
            <FormattedMessage {...mv.logInToSubmit} values={{ link: loginLink }} />
          </Text>
        )}

        <Group grow align="flex-end" preventGrowOverflow={false} wrap="wrap">
          <TextInput label={intl.formatMessage(m.search)} type="search" value={search} miw={220}
            onChange={(e) => { const value = e.currentTarget.value; filterBy(() => setSearch(value)); }} />
          <Select label={intl.formatMessage(m.category)} value={category} miw={180} allowDeselect={false}
            data={[{ value: ALL, label: intl.formatMessage(m.allCategories) }, ...labels.choices(RESOURCE_CATEGORIES, labels.resourceCategory)]}
            onChange={(v) => filterBy(() => setCategory(v ?? ALL))} />
        </Group>

        {isPending ? <PageLoader label={intl.formatMessage(m.loading)} /> : isError ? (
          <Alert color="red" role="alert">{intl.formatMessage(m.failed)}</Alert>
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
  const intl = useIntl();
  const confirm = useConfirm();
  const remove = useDeleteResource();
  if (!resources.length) return <Text>{intl.formatMessage(m.none)}</Text>;

  async function onDelete(resource: Resource) {
    const message = intl.formatMessage(mv.deleteQuestion, { title: resource.title });
    if (!(await confirm({ title: intl.formatMessage(m.deleteTitle), message, confirmLabel: intl.formatMessage(m.delete) }))) return;
    // The spec: failed deletes are logged only.
    remove.mutate(resource._id, { onError: (error) => console.error('Failed to delete resource', error) });
  }

  return (
    <Stack gap="sm" component="section" aria-labelledby="resource-list">
      <VisuallyHidden component="h2" id="resource-list">{intl.formatMessage(m.listHeading)}</VisuallyHidden>
      {resources.map((resource) => (
        <ResourceCard key={resource._id} resource={resource} actions={(canDelete || reporterId) && (
          <>
            {reporterId && (
              <ReportButton targetType="resource" targetId={resource._id} what={resource.title} size="sm" />
            )}
            {canDelete && (
              <Button size="xs" color="red.8" variant="outline" loading={remove.isPending && remove.variables === resource._id}
                onClick={() => void onDelete(resource)} aria-label={intl.formatMessage(mv.deleteNamed, { title: resource.title })}>{intl.formatMessage(m.delete)}</Button>
            )}
          </>
        )} />
      ))}
    </Stack>
  );
}
