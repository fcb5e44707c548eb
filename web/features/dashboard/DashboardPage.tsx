import { Anchor, Badge, Button, Group, Image, ScrollArea, SimpleGrid, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { chatUnreadText, useChatUnreadCount } from '../../lib/chatUnread.ts';
import { useMarkWelcomed, useOnboarding } from '../../lib/onboarding.ts';
import { isAdmin, useSession } from '../../lib/session.tsx';
import { LicenceExpiryNotice } from '../../components/LicenceExpiryNotice.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { useLatestResource, useMyCommunities, useRecentActivity } from './api.ts';
import { AvailabilityReminder } from './AvailabilityReminder.tsx';
import { DashboardCard } from './DashboardCard.tsx';
import { OnboardingChecklist } from './OnboardingChecklist.tsx';
import { RecentActivity } from './RecentActivity.tsx';
import { ReferralsCard } from './ReferralsCard.tsx';

const WELCOME_IMAGE = new URL('./images/welcome.svg', import.meta.url).href;
// The spec: an image that fails to load shows a placeholder instead.
const PLACEHOLDER_IMAGE = new URL('./images/placeholder.svg', import.meta.url).href;

const QUICK_ACTIONS = [
  { to: '/forums', label: 'New Post' },
  { to: '/chat', label: 'New Chat' },
  { to: '/therapists', label: 'Find Therapists' },
  { to: '/resources', label: 'See Resources' },
];

/** The signed-in home: a greeting and the spec's cards. */
export default function DashboardPage() {
  const { user } = useSession();
  if (!user) return null;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" wrap="nowrap">
        <div>
          <Greeting name={user.name} />
          <Text c="dimmed" mt={4}>Here's your dashboard at a glance.</Text>
        </div>
        <Image src={WELCOME_IMAGE} fallbackSrc={PLACEHOLDER_IMAGE} alt="" w={150} h={100} radius="md" visibleFrom="sm" />
      </Group>
      <OnboardingChecklist />
      <AvailabilityReminder />
      <LicenceExpiryNotice />
      <SimpleGrid cols={{ base: 1, md: 2, lg: 3 }} spacing="md">
        <ActivityCard />
        <DashboardCard title="Quick Actions">
          <Stack gap="xs">
            {QUICK_ACTIONS.map((a) => <Button key={a.to} component={Link} to={a.to} variant="light" fullWidth>{a.label}</Button>)}
          </Stack>
        </DashboardCard>
        <ReferralsCard />
        <CommunitiesCard />
        <LatestResourceCard />
        <ChatsCard />
        <DashboardCard title="Find Therapists" footer={<Button component={Link} to="/therapists">Search Network</Button>}>
          <Text>Find peers by location, specialty and modality to build your referral network.</Text>
        </DashboardCard>
        {isAdmin(user) && (
          <DashboardCard title="Admin Tools" footer={<Button component={Link} to="/admin/resources">Review Resources</Button>}>
            <Text>Approve or decline submitted resources, verify licences and read the audit log.</Text>
          </DashboardCard>
        )}
      </SimpleGrid>
    </Stack>
  );
}

/**
 * The spec's "Welcome back, {name}!", except on the member's first dashboard: "Welcome, {name}!". The first visit is
 * remembered on the server (any device) once greeted; this visit keeps its words while it lasts. Until the answer
 * comes, the heading keeps its place empty rather than say one greeting and then the other.
 */
function Greeting({ name }: { name: string }) {
  const onboarding = useOnboarding();
  const { mutate: markWelcomed } = useMarkWelcomed();
  const [firstVisit, setFirstVisit] = useState<boolean | null>(null);
  const welcomed = onboarding.data?.welcomed;
  // Decided once, from the first answer: greeting the member turns `welcomed` true, and this visit keeps its words.
  if (firstVisit === null && (welcomed !== undefined || onboarding.isError)) setFirstVisit(welcomed === false);
  useEffect(() => {
    if (firstVisit) markWelcomed();
  }, [firstVisit, markWelcomed]);
  const greeting = firstVisit === null ? null : firstVisit ? `Welcome, ${name}!` : `Welcome back, ${name}!`;
  return <Title order={1} aria-busy={greeting === null} mih="1.3em">{greeting}</Title>;
}

/** The number of conversations with unread messages, live (the same count as the Chat navigation item). */
function ChatsCard() {
  const unread = useChatUnreadCount();
  return (
    <DashboardCard title="My Chats" footer={<Button component={Link} to="/chat">Open Chat</Button>}>
      {unread > 0 ? (
        <Group gap="xs" wrap="nowrap">
          <Badge color="red.8" size="lg" circle={unread < 10} aria-hidden="true">{unread > 99 ? '99+' : unread}</Badge>
          <Text fw={600}>{`You have ${chatUnreadText(unread)}.`}</Text>
        </Group>
      ) : (
        <Text>Pick up your one-to-one conversations with colleagues.</Text>
      )}
    </DashboardCard>
  );
}

function ActivityCard() {
  const { data, isPending } = useRecentActivity();
  const { user } = useSession();
  return (
    <DashboardCard title="Recent Activity">
      {isPending ? <PageLoader label="Loading activity..." /> : <RecentActivity items={data ?? []} readerId={user?._id} />}
    </DashboardCard>
  );
}

function CommunitiesCard() {
  const { data, isPending } = useMyCommunities();
  const communities = data ?? [];
  return (
    <DashboardCard title="My Communities" footer={
      <Button component={Link} to="/communities" variant="light">View All<VisuallyHidden> communities</VisuallyHidden></Button>
    }>
      {isPending ? <PageLoader label="Loading communities..." /> : !communities.length ? (
        <Text c="dimmed">You haven't joined any communities yet.</Text>
      ) : (
        <ScrollArea h={250} type="auto" offsetScrollbars>
          <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {communities.map((c) => (
              <li key={c._id}>
                <Anchor component={Link} to={`/community/${c._id}`} fw={600}>{c.name}</Anchor>
                {c.description && <Text size="sm" c="dimmed" lineClamp={2}>{c.description}</Text>}
              </li>
            ))}
          </Stack>
        </ScrollArea>
      )}
    </DashboardCard>
  );
}

function LatestResourceCard() {
  const { data, isPending } = useLatestResource();
  const latest = data?.[0];
  return (
    <DashboardCard title="Latest Resource" footer={
      <>
        {latest && (
          <Button component="a" href={latest.link} target="_blank" rel="noopener noreferrer">
            Read More<VisuallyHidden>: {latest.title} (opens in a new tab)</VisuallyHidden>
          </Button>
        )}
        <Button component={Link} to="/resources" variant="light">View All<VisuallyHidden> resources</VisuallyHidden></Button>
      </>
    }>
      {isPending ? <PageLoader label="Loading resources..." /> : !latest ? (
        <Text c="dimmed">No new resources at this time.</Text>
      ) : (
        <Stack gap={6}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>{latest.title}</Text>
          <Badge variant="light" c="brand.9">{latest.category}</Badge>
          <Text size="sm" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>{latest.description}</Text>
        </Stack>
      )}
    </DashboardCard>
  );
}
