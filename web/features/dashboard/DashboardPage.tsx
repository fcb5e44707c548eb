import { Anchor, Badge, Button, Group, Image, ScrollArea, SimpleGrid, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import { defineMessages, FormattedMessage, useIntl, type MessageTag } from 'react-intl';
import { Link } from 'react-router';
import { badgeCount } from '../../lib/badge-count.ts';
import { useChatUnreadCount } from '../../lib/chatUnread.ts';
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
import { ConsultationHours } from '../../components/ConsultationHours.tsx';
import { useOptionLabels } from '../../lib/option-labels.ts';

const WELCOME_IMAGE = new URL('./images/welcome.svg', import.meta.url).href;
// The spec: an image that fails to load shows a placeholder instead.
const PLACEHOLDER_IMAGE = new URL('./images/placeholder.svg', import.meta.url).href;

const m = defineMessages({
  glance: { id: 'dashboard.glance', defaultMessage: 'Here\'s your dashboard at a glance.', description: 'Under the dashboard\'s greeting.' },
  quickActions: { id: 'dashboard.quickActions.title', defaultMessage: 'Quick Actions', description: 'Dashboard card title: buttons to common tasks.' },
  newPost: { id: 'dashboard.quickActions.newPost', defaultMessage: 'New Post', description: 'Quick action: write a forum post.' },
  newChat: { id: 'dashboard.quickActions.newChat', defaultMessage: 'New Chat', description: 'Quick action: open the messaging screen.' },
  findTherapists: { id: 'dashboard.findTherapists.title', defaultMessage: 'Find Therapists', description: 'Quick action and card title: the therapist directory.' },
  seeResources: { id: 'dashboard.quickActions.seeResources', defaultMessage: 'See Resources', description: 'Quick action: the resource library.' },
  searchNetwork: { id: 'dashboard.findTherapists.search', defaultMessage: 'Search Network', description: 'Button of the Find Therapists card: the directory.' },
  findText: {
    id: 'dashboard.findTherapists.text', defaultMessage: 'Find peers by location, specialty and modality to build your referral network.',
    description: 'Text of the Find Therapists card.',
  },
  adminTools: { id: 'dashboard.admin.title', defaultMessage: 'Admin Tools', description: 'Dashboard card title, administrators only.' },
  reviewResources: { id: 'dashboard.admin.reviewResources', defaultMessage: 'Review Resources', description: 'Button: the queue of submitted resources.' },
  adminText: {
    id: 'dashboard.admin.text', defaultMessage: 'Approve or decline submitted resources, verify licences and read the audit log.',
    description: 'Text of the Admin Tools card.',
  },
  myChats: { id: 'dashboard.chats.title', defaultMessage: 'My Chats', description: 'Dashboard card title: the member\'s conversations.' },
  openChat: { id: 'dashboard.chats.open', defaultMessage: 'Open Chat', description: 'Button: the messaging screen.' },
  chatsText: { id: 'dashboard.chats.text', defaultMessage: 'Pick up your one-to-one conversations with colleagues.', description: 'My Chats card when nothing is unread.' },
  recentActivity: { id: 'dashboard.activity.title', defaultMessage: 'Recent Activity', description: 'Dashboard card title: the activity feed.' },
  loadingActivity: { id: 'dashboard.activity.loading', defaultMessage: 'Loading activity...', description: 'While the activity feed loads.' },
  myCommunities: { id: 'dashboard.communities.title', defaultMessage: 'My Communities', description: 'Dashboard card title: the communities the member joined.' },
  loadingCommunities: { id: 'dashboard.communities.loading', defaultMessage: 'Loading communities...', description: 'While the joined communities load.' },
  noCommunities: { id: 'dashboard.communities.none', defaultMessage: 'You haven\'t joined any communities yet.', description: 'My Communities card, empty.' },
  latestResource: { id: 'dashboard.resource.title', defaultMessage: 'Latest Resource', description: 'Dashboard card title: the newest library resource.' },
  loadingResources: { id: 'dashboard.resource.loading', defaultMessage: 'Loading resources...', description: 'While the latest resource loads.' },
  noResource: { id: 'dashboard.resource.none', defaultMessage: 'No new resources at this time.', description: 'Latest Resource card, empty.' },
});
const mv = defineMessages<{ viewAllResources: { hidden: MessageTag }; viewAllCommunities: { hidden: MessageTag };
  welcome: { name: string }; welcomeBack: { name: string }; unreadChats: { count: number };
  readMore: { hidden: MessageTag; title: string };
}>({
  viewAllResources: {
    id: 'dashboard.resource.viewAll', defaultMessage: 'View All<hidden> resources</hidden>',
    description: 'Button to the resource library; the part in <hidden> is read by screen readers only.',
  },
  viewAllCommunities: {
    id: 'dashboard.communities.viewAll', defaultMessage: 'View All<hidden> communities</hidden>',
    description: 'Button to all communities; the part in <hidden> is read by screen readers only.',
  },
  welcome: { id: 'dashboard.greeting.first', defaultMessage: 'Welcome, {name}!', description: 'The dashboard\'s heading on the member\'s first visit.' },
  welcomeBack: { id: 'dashboard.greeting.again', defaultMessage: 'Welcome back, {name}!', description: 'The dashboard\'s heading on later visits.' },
  unreadChats: {
    id: 'dashboard.chats.unread',
    defaultMessage: 'You have {count, plural, one {# conversation} other {# conversations}} with unread messages.',
    description: 'My Chats card: how many conversations have unread messages.',
  },
  readMore: {
    id: 'dashboard.resource.readMore', defaultMessage: 'Read More<hidden>: {title} (opens in a new tab)</hidden>',
    description: 'Button opening the latest resource\'s link; the part in <hidden> is read by screen readers only.',
  },
});

const hidden = (chunks: ReactNode[]) => <VisuallyHidden>{chunks}</VisuallyHidden>;

const QUICK_ACTIONS = [
  { to: '/forums', label: m.newPost },
  { to: '/chat', label: m.newChat },
  { to: '/therapists', label: m.findTherapists },
  { to: '/resources', label: m.seeResources },
];

/** The signed-in home: a greeting and the spec's cards. */
export default function DashboardPage() {
  const intl = useIntl();
  const t = intl.formatMessage;
  const { user } = useSession();
  if (!user) return null;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" wrap="nowrap">
        <div>
          <Greeting name={user.name} />
          <Text c="dimmed" mt={4}>{t(m.glance)}</Text>
        </div>
        <Image src={WELCOME_IMAGE} fallbackSrc={PLACEHOLDER_IMAGE} alt="" w={150} h={100} radius="md" visibleFrom="sm" />
      </Group>
      <OnboardingChecklist />
      <AvailabilityReminder />
      <LicenceExpiryNotice />
      <SimpleGrid cols={{ base: 1, md: 2, lg: 3 }} spacing="md">
        <ActivityCard />
        <DashboardCard title={t(m.quickActions)} id="card-quick-actions">
          <Stack gap="xs">
            {QUICK_ACTIONS.map((a) => <Button key={a.to} component={Link} to={a.to} variant="light" fullWidth>{t(a.label)}</Button>)}
          </Stack>
        </DashboardCard>
        <ReferralsCard />
        <CommunitiesCard />
        <LatestResourceCard />
        <ChatsCard />
        <DashboardCard title={t(m.findTherapists)} id="card-find-therapists"
          footer={<Button component={Link} to="/therapists">{t(m.searchNetwork)}</Button>}>
          <Text>{t(m.findText)}</Text>
        </DashboardCard>
        {isAdmin(user) && (
          <DashboardCard title={t(m.adminTools)} id="card-admin-tools"
            footer={<Button component={Link} to="/admin/resources">{t(m.reviewResources)}</Button>}>
            <Text>{t(m.adminText)}</Text>
          </DashboardCard>
        )}
      </SimpleGrid>
      {!isAdmin(user) && <ConsultationHours />}
    </Stack>
  );
}

/**
 * The spec's "Welcome back, {name}!", except on the member's first dashboard: "Welcome, {name}!". The first visit is
 * remembered on the server (any device) once greeted; this visit keeps its words while it lasts. Until the answer
 * comes, the heading keeps its place empty rather than say one greeting and then the other.
 */
function Greeting({ name }: { name: string }) {
  const intl = useIntl();
  const onboarding = useOnboarding();
  const { mutate: markWelcomed } = useMarkWelcomed();
  const [firstVisit, setFirstVisit] = useState<boolean | null>(null);
  const welcomed = onboarding.data?.welcomed;
  // Decided once, from the first answer: greeting the member turns `welcomed` true, and this visit keeps its words.
  if (firstVisit === null && (welcomed !== undefined || onboarding.isError)) setFirstVisit(welcomed === false);
  useEffect(() => {
    if (firstVisit) markWelcomed();
  }, [firstVisit, markWelcomed]);
  const greeting = firstVisit === null ? null : intl.formatMessage(firstVisit ? mv.welcome : mv.welcomeBack, { name });
  return <Title order={1} aria-busy={greeting === null} mih="1.3em">{greeting}</Title>;
}

/** The number of conversations with unread messages, live (the same count as the Chat navigation item). */
function ChatsCard() {
  const intl = useIntl();
  const unread = useChatUnreadCount();
  return (
    <DashboardCard title={intl.formatMessage(m.myChats)} id="card-my-chats"
      footer={<Button component={Link} to="/chat">{intl.formatMessage(m.openChat)}</Button>}>
      {unread > 0 ? (
        <Group gap="xs" wrap="nowrap">
          <Badge color="red.8" size="lg" circle={unread < 10} aria-hidden="true">{badgeCount(intl, unread)}</Badge>
          <Text fw={600}>{intl.formatMessage(mv.unreadChats, { count: unread })}</Text>
        </Group>
      ) : (
        <Text>{intl.formatMessage(m.chatsText)}</Text>
      )}
    </DashboardCard>
  );
}

function ActivityCard() {
  const intl = useIntl();
  const { data, isPending } = useRecentActivity();
  const { user } = useSession();
  return (
    <DashboardCard title={intl.formatMessage(m.recentActivity)} id="card-recent-activity">
      {isPending ? <PageLoader label={intl.formatMessage(m.loadingActivity)} /> : <RecentActivity items={data ?? []} readerId={user?._id} />}
    </DashboardCard>
  );
}

function CommunitiesCard() {
  const intl = useIntl();
  const { data, isPending } = useMyCommunities();
  const communities = data ?? [];
  return (
    <DashboardCard title={intl.formatMessage(m.myCommunities)} id="card-my-communities" footer={
      <Button component={Link} to="/communities" variant="light"><FormattedMessage {...mv.viewAllCommunities} values={{ hidden }} /></Button>
    }>
      {isPending ? <PageLoader label={intl.formatMessage(m.loadingCommunities)} /> : !communities.length ? (
        <Text c="dimmed">{intl.formatMessage(m.noCommunities)}</Text>
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
  const intl = useIntl();
  const labels = useOptionLabels();
  const { data, isPending } = useLatestResource();
  const latest = data?.[0];
  return (
    <DashboardCard title={intl.formatMessage(m.latestResource)} id="card-latest-resource" footer={
      <>
        {latest && (
          <Button component="a" href={latest.link} target="_blank" rel="noopener noreferrer">
            <FormattedMessage {...mv.readMore} values={{ hidden, title: latest.title }} />
          </Button>
        )}
        <Button component={Link} to="/resources" variant="light"><FormattedMessage {...mv.viewAllResources} values={{ hidden }} /></Button>
      </>
    }>
      {isPending ? <PageLoader label={intl.formatMessage(m.loadingResources)} /> : !latest ? (
        <Text c="dimmed">{intl.formatMessage(m.noResource)}</Text>
      ) : (
        <Stack gap={6}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>{latest.title}</Text>
          <Badge variant="light" c="brand.9">{labels.resourceCategory(latest.category)}</Badge>
          <Text size="sm" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>{latest.description}</Text>
        </Stack>
      )}
    </DashboardCard>
  );
}
