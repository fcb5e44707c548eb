import { Button, Grid, Group, Stack, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { isVerified, useSession } from '../../lib/session.tsx';
import { useTextFromUrl } from '../../lib/useTextFromUrl.ts';
import { CommunitiesColumn } from './components/CommunitiesColumn.tsx';
import { CreatePostForm } from './components/CreatePostForm.tsx';
import { MyCommunitiesColumn } from './components/MyCommunitiesColumn.tsx';
import { PostList } from './components/PostList.tsx';
import { SearchBox } from './components/SearchBox.tsx';
import { SortControl, usePostSort } from './components/SortControl.tsx';
import { LOADING_FORUMS, NO_POSTS } from './components/texts.ts';

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
        <Title order={1}>Forums</Title>
        {isVerified(user) && !creating && <Button onClick={() => setCreating(true)}>Create Post</Button>}
      </Group>
      <SearchBox value={search} onChange={setSearch} placeholder="Search all posts..." label="Search all posts" />
      <Button hiddenFrom="md" variant="light" onClick={() => setCommunitiesShown((shown) => !shown)}
        aria-expanded={communitiesShown} aria-controls="forum-my-communities-col forum-communities-col">
        {communitiesShown ? 'Hide communities' : 'Communities'}
      </Button>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 3 }} order={{ base: 1, md: 1 }} visibleFrom={phoneFold} id="forum-my-communities-col">
          <MyCommunitiesColumn />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }} order={{ base: 3, md: 2 }}>
          <Stack gap="md" component="section" aria-label="Posts">
            {creating && <CreatePostForm onDone={() => setCreating(false)} />}
            {/* A search is ranked by relevance: the order applies to the lists. */}
            {!debounced && <SortControl state={order} />}
            <PostList
              scope={debounced ? { search: debounced } : { sort: order.sort, period: order.period }}
              emptyText={NO_POSTS} loadingText={LOADING_FORUMS}
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
