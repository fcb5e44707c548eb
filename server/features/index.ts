import type { App, AppContext } from '../context.ts';
import { accountsRoutes } from './accounts/routes.ts';
import { therapistsRoutes } from './therapists/routes.ts';
import { forumsRoutes } from './forums/routes.ts';
import { resourcesRoutes } from './resources/routes.ts';
import { activityRoutes } from './activity/routes.ts';
import { chatRoutes } from './chat/routes.ts';
import { chatRealtime } from './chat/realtime.ts';
import { adminRoutes } from './admin/routes.ts';
import { moderationRoutes } from './moderation/routes.ts';
import { referralsRoutes } from './referrals/routes.ts';
import { groupsRoutes } from './groups/routes.ts';
import { registerGroupEvents } from './groups/events.ts';
import { practicesRoutes } from './practices/routes.ts';
import { registerPracticeEvents } from './practices/events.ts';
import { privacyBackground } from './privacy/background.ts';
import { retentionBackground } from './admin/retention-purge.ts';
import { registerExpiringNotice } from './referrals/expiring.ts';
import { registerReferralEvents } from './referrals/events.ts';
import { registerOutcomeReminders } from './referrals/outcomes.ts';
import { registerResponsivenessJob } from './referrals/responsiveness.ts';
import { registerForumEvents } from './forums/events.ts';
import { forumsRealtime } from './forums/live.ts';
import { registerSecurityNotices } from './accounts/security-notices.ts';
import { privacyRoutes } from './privacy/routes.ts';
import { privacyCheckRoutes } from './privacy-check/routes.ts';
import { notificationsBackground } from './notifications/background.ts';
import { notificationsRoutes } from './notifications/routes.ts';
import { onboardingRoutes } from './onboarding/routes.ts';
import { searchRoutes } from './search/routes.ts';
import { filesRoutes } from './files/routes.ts';
import { registerFileJobs } from './files/jobs.ts';
import type { SearchSources } from './search/service.ts';
import { registerAccountMails } from '../lib/account-mail.ts';
import { topTherapists } from './therapists/service.ts';
import { searchPostTitles } from './forums/posts.ts';
import { topCommunities } from './forums/communities.ts';
import { topResources } from './resources/service.ts';

type FeatureRoutes = (app: App, ctx: AppContext) => void | Promise<void>;
export type FeatureRealtime = (ctx: AppContext) => void;
/** `name` and `description` tag the feature's operations in the API reference (/api/docs). */
export type Feature = { name: string; description: string; routes: FeatureRoutes };

/**
 * The top bar's search reads each feature's own search (features do not import one another; this list joins them), for
 * no one in particular: the directory as signed out (the search service leaves the searcher out), the posts' titles only.
 * `run` sends the reads no cache answers as one statement (db/batch.ts).
 */
const searchSources: SearchSources = {
  therapists: (ctx, q, limit, run) => topTherapists(ctx, q, limit, run),
  posts: (ctx, q, limit, run) => searchPostTitles(ctx, q, limit, run),
  communities: (ctx, q, limit, run) => topCommunities(ctx, q, limit, run),
  resources: (ctx, q, limit, run) => topResources(ctx, q, limit, run),
};

export const features: Feature[] = [
  { name: 'accounts', description: 'Registration, sign-in and sign-out, password reset, licence.', routes: accountsRoutes },
  { name: 'therapists', description: 'The directory, profiles and favourites.', routes: therapistsRoutes },
  { name: 'forums', description: 'Communities, posts and comments.', routes: forumsRoutes },
  { name: 'resources', description: 'The moderated resource library.', routes: resourcesRoutes },
  { name: 'activity', description: "The dashboard's recent activity.", routes: activityRoutes },
  { name: 'chat', description: 'One-to-one conversations and their messages (live events go over socket.io).', routes: chatRoutes },
  { name: 'admin', description: 'Licence verification, user accounts and the audit log.', routes: adminRoutes },
  { name: 'moderation', description: 'Reports of content to administrators and their review; blocking members.', routes: moderationRoutes },
  { name: 'referrals', description: 'De-identified referral requests between therapists, suggestions, answers and the board.', routes: referralsRoutes },
  {
    name: 'groups',
    description: 'Consultation groups: membership, meetings and calendars, de-identified cases, attendance and the consultation-hours log.',
    routes: groupsRoutes,
  },
  { name: 'practices', description: 'Group practices: their pages, members and invitations, and their shared intake inbox of referrals.', routes: practicesRoutes },
  { name: 'privacy', description: 'Profile photo upload, downloading my data, deleting an account, licence expiry.', routes: privacyRoutes },
  {
    name: 'privacy-check',
    description: 'What the client-privacy guard finds in a note or message (names, phone numbers, emails, dates, addresses, numbers).',
    routes: privacyCheckRoutes,
  },
  {
    name: 'notifications',
    description: 'The notification centre, preferences, mention suggestions and one-click unsubscribe (live items go over socket.io).',
    routes: notificationsRoutes,
  },
  { name: 'onboarding', description: "A new member's checklist on the dashboard and their profile's completeness.", routes: onboardingRoutes },
  { name: 'search', description: 'The top bar\'s one search box: the top matches of each kind, grouped.', routes: searchRoutes(searchSources) },
  { name: 'files', description: 'Documents: uploading, downloading and thumbnails of files shared in chat, referrals and consultation cases.', routes: filesRoutes },
];
// Background work each feature registers once the app's context exists: socket handlers and job handlers.
export const featureRealtime: FeatureRealtime[] = [chatRealtime, notificationsBackground, privacyBackground, registerExpiringNotice,
  registerReferralEvents, registerPracticeEvents, registerForumEvents, forumsRealtime, registerSecurityNotices, retentionBackground,
  registerGroupEvents, registerOutcomeReminders, registerResponsivenessJob, registerFileJobs, registerAccountMails];
