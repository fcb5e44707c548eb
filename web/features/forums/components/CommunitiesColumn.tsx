import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { FORUM_SIDEBAR_COMMUNITIES } from '../../../../common/constants.ts';
import { isVerified, useSession } from '../../../lib/session.tsx';
import { useCommunities } from '../api.ts';
import { DeleteCommunityButton } from './DeleteCommunityButton.tsx';
import { JoinButton } from './JoinButton.tsx';
import { QuickCreateCommunity } from './QuickCreateCommunity.tsx';
import { SidebarCard } from './SidebarCard.tsx';
import { TEXTS } from './texts.ts';

const m = defineMessages({
  loadFailed: { id: 'forums.sidebar.communitiesFailed', defaultMessage: 'Communities could not be loaded.', description: 'The forum\'s list of communities failed to load.' },
  viewAll: { id: 'forums.sidebar.viewAll', defaultMessage: 'View All Communities', description: 'Link (title case, as the spec writes it) to the page of all communities.' },
});

/** The forum's right column: the first five communities, a create toggle and, for administrators, delete. */
export function CommunitiesColumn() {
  const { user } = useSession();
  const intl = useIntl();
  const { data, isPending, isError } = useCommunities(1, FORUM_SIDEBAR_COMMUNITIES);
  const [creating, setCreating] = useState(false);

  return (
    <SidebarCard title={intl.formatMessage(TEXTS.communities)} id="forum-communities">
      {isPending ? <Text size="sm" c="dimmed">{intl.formatMessage(TEXTS.loadingCommunities)}</Text> : isError ? (
        <Text size="sm" c="dimmed">{intl.formatMessage(m.loadFailed)}</Text>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {data.communities.map((c) => (
            <Group component="li" key={c._id} gap="xs" wrap="nowrap" justify="space-between">
              <Anchor component={Link} to={`/community/${c._id}`} size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }} translate="no">{c.name}</Anchor>
              <Group gap={4} wrap="nowrap">
                <JoinButton community={c} />
                <DeleteCommunityButton community={c} compact />
              </Group>
            </Group>
          ))}
        </Stack>
      )}
      {isVerified(user) && (
        <Button variant="light" size="xs" aria-expanded={creating} onClick={() => setCreating((v) => !v)}>
          {intl.formatMessage(creating ? TEXTS.cancel : TEXTS.createCommunity)}
        </Button>
      )}
      {creating && <QuickCreateCommunity onDone={() => setCreating(false)} />}
      <Anchor component={Link} to="/communities" size="sm" fw={600}>{intl.formatMessage(m.viewAll)}</Anchor>
    </SidebarCard>
  );
}
