import { Button, Grid, Group, Stack, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { isVerified, useSession } from '../../lib/session.tsx';
import { useTextFromUrl } from '../../lib/useTextFromUrl.ts';
import { CommunitiesColumn } from './components/CommunitiesColumn.tsx';
import { CreatePostForm } from './components/CreatePostForm.tsx';
import { MyCommunitiesColumn } from './components/MyCommunitiesColumn.tsx';
import { PostList } from './components/PostList.tsx';
import { SearchBox } from './components/SearchBox.tsx';
import { SortControl, usePostSort } from './components/SortControl.tsx';
import { TEXTS } from './components/texts.ts';

const m = defineMessages({
  title: { id: 'forums.list.title', defaultMessage: 'Forums', description: 'Heading of the forums screen.' },
  searchPlaceholder: { id: 'forums.list.searchPlaceholder', defaultMessage: 'Search all posts...', description: 'Placeholder of the forum\'s search field.' },
  searchLabel: { id: 'forums.list.searchLabel', defaultMessage: 'Search all posts', description: 'Accessible name of the forum\'s search field.' },
  hideCommunities: { id: 'forums.list.hideCommunities', defaultMessage: 'Hide communities', description: 'Button (phone): fold the community columns away again.' },
  posts: { id: 'forums.list.posts', defaultMessage: 'Posts', description: 'Accessible name of the forum\'s column of posts.' },
});

// The code half of this screen's descriptor (common/drawn-screens.ts), exported from the screen's own chunk, which is
// loaded by the time it is needed: its own chunk would cost a phone one more request.
/** @public */
export { drawn } from './drawn.ts';

/**
 * /forums: three columns on wide screens. On a phone the posts come first on the screen: the two side columns (the
 * reader's communities, recommendations, all communities) fold behind one "Communities" button above the list. They
 * cannot follow it, because the post list scrolls on without end and nothing placed after it could be reached.
 */
export default function ForumsPage() {
  const { user } = useSession();
  const intl = useIntl();
  const [search, setSearch] = useTextFromUrl('q');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [creating, setCreating] = useState(false);
  const order = usePostSort();
  const [communitiesShown, setCommunitiesShown] = useState(false);
  // Folded on a phone only, by a style rule: the page the server drew is the same at every width (docs/decisions/0104).
  const phoneFold = communitiesShown ? undefined : 'md';

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={1}>{intl.formatMessage(m.title)}</Title>
        {isVerified(user) && !creating && <Button onClick={() => setCreating(true)}>{intl.formatMessage(TEXTS.createPost)}</Button>}
      </Group>
      <SearchBox value={search} onChange={setSearch} placeholder={intl.formatMessage(m.searchPlaceholder)} label={intl.formatMessage(m.searchLabel)} />
      <Button hiddenFrom="md" variant="light" onClick={() => setCommunitiesShown((shown) => !shown)}
        aria-expanded={communitiesShown} aria-controls="forum-my-communities-col forum-communities-col">
        {communitiesShown ? intl.formatMessage(m.hideCommunities) : intl.formatMessage(TEXTS.communities)}
      </Button>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 3 }} order={{ base: 1, md: 1 }} visibleFrom={phoneFold} id="forum-my-communities-col">
          <MyCommunitiesColumn />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }} order={{ base: 3, md: 2 }}>
          <Stack gap="md" component="section" aria-label={intl.formatMessage(m.posts)}>
            {creating && <CreatePostForm onDone={() => setCreating(false)} />}
            {/* A search is ranked by relevance: the order applies to the lists. */}
            {!debounced && <SortControl state={order} />}
            <PostList
              scope={debounced ? { search: debounced } : { sort: order.sort, period: order.period }}
              emptyText={intl.formatMessage(TEXTS.noPosts)} loadingText={intl.formatMessage(TEXTS.loadingForums)}
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 3 }} order={{ base: 2, md: 3 }} visibleFrom={phoneFold} id="forum-communities-col">
          <CommunitiesColumn />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
