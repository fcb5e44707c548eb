import { lazy, Suspense, useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import { PageLoader } from '../components/PageLoader.tsx';
import { PublicLayout } from './layouts/PublicLayout.tsx';
import { loginPathFor, safeNextPath } from '../lib/next-path.ts';
import { SCREEN_PATHS } from '../../common/screen-paths.ts';
import type { ScreenModule } from '../lib/drawn-screen.ts';
import { lazyScreen } from './lazy-screen.ts';
import { titleFor } from './titles.ts';
import { isVerified, useSession } from '../lib/session.tsx';

// Every screen is its own chunk, and so is the signed-in layout, so the landing page loads only what it shows.
const AppLayout = lazyScreen(() => import('./layouts/AppLayout.tsx'));
const Landing = lazy(() => import('../features/landing/LandingPage.tsx'));
const Faq = lazy(() => import('../features/landing/FaqPage.tsx'));
const Login = lazy(() => import('../features/accounts/LoginPage.tsx'));
const Register = lazy(() => import('../features/accounts/RegisterPage.tsx'));
const ForgotPassword = lazy(() => import('../features/accounts/ForgotPasswordPage.tsx'));
const ResetPassword = lazy(() => import('../features/accounts/ResetPasswordPage.tsx'));
const Verification = lazy(() => import('../features/accounts/VerificationPage.tsx'));
const Dashboard = lazyScreen(() => import('../features/dashboard/DashboardPage.tsx'));
const Forums = lazyScreen(() => import('../features/forums/ForumsPage.tsx'));
const Communities = lazyScreen(() => import('../features/forums/CommunitiesPage.tsx'));
const Community = lazyScreen(() => import('../features/forums/CommunityPage.tsx'));
const Post = lazyScreen(() => import('../features/forums/PostPage.tsx'));
const Bookmarks = lazyScreen(() => import('../features/forums/BookmarksPage.tsx'));
const Chat = lazyScreen(() => import('../features/chat/ChatPage.tsx'));
// Signed in: one socket for the whole app (presence, delivery receipts, live chat caches); its own chunk.
const RealtimeConnection = lazyScreen(() => import('../features/chat/RealtimeConnection.tsx'));
const Referrals = lazyScreen(() => import('../features/referrals/ReferralsPage.tsx'));
const ReferralInsights = lazyScreen(() => import('../features/referrals/InsightsPage.tsx'));
const NewReferral = lazy(() => import('../features/referrals/NewReferralPage.tsx'));
const Referral = lazy(() => import('../features/referrals/ReferralPage.tsx'));
const Groups = lazy(() => import('../features/groups/GroupsPage.tsx'));
const NewGroup = lazy(() => import('../features/groups/NewGroupPage.tsx'));
const GroupScreen = lazy(() => import('../features/groups/GroupPage.tsx'));
const Practices = lazy(() => import('../features/practices/PracticesPage.tsx'));
const NewPractice = lazy(() => import('../features/practices/NewPracticePage.tsx'));
const Practice = lazy(() => import('../features/practices/PracticePage.tsx'));
const PracticeInbox = lazy(() => import('../features/practices/PracticeInboxPage.tsx'));
const PracticeSettings = lazy(() => import('../features/practices/PracticeSettingsPage.tsx'));
const Resources = lazyScreen(() => import('../features/resources/ResourcesPage.tsx'));
const Therapists = lazyScreen(() => import('../features/therapists/TherapistsPage.tsx'));
const Profile = lazyScreen(() => import('../features/therapists/ProfilePage.tsx'));
const MyProfile = lazy(() => import('../features/therapists/MyProfilePage.tsx'));
const EditProfile = lazy(() => import('../features/therapists/EditProfilePage.tsx'));
const Notifications = lazyScreen(() => import('../features/notifications/NotificationsPage.tsx'));
const Unsubscribe = lazy(() => import('../features/notifications/UnsubscribePage.tsx'));
const Settings = lazyScreen(() => import('../features/settings/SettingsPage.tsx'));
const ConfirmEmail = lazy(() => import('../features/settings/ConfirmEmailPage.tsx'));
// The admin guard reads a text from common/resources.ts, whose schemas stay out of the landing page's chunk.
const RequireAdmin = lazy(() => import('./RequireAdmin.tsx'));
const AdminHome = lazy(() => import('../features/admin/AdminHome.tsx'));
const AdminResources = lazy(() => import('../features/admin/AdminResourcesPage.tsx'));
const AdminVerifications = lazy(() => import('../features/admin/VerificationsPage.tsx'));
const AdminAudit = lazy(() => import('../features/admin/AuditPage.tsx'));
const AdminForumPrivacy = lazy(() => import('../features/admin/ForumPrivacyPage.tsx'));
const AdminSecurityPolicy = lazy(() => import('../features/admin/SecurityPolicyPage.tsx'));
const AdminReports = lazy(() => import('../features/admin/ReportsPage.tsx'));
const AdminMemberAccount = lazy(() => import('../features/admin/MemberAccountPage.tsx'));
const AdminRetention = lazy(() => import('../features/admin/RetentionPage.tsx'));
const AdminReferralFigures = lazy(() => import('../features/admin/ReferralFiguresPage.tsx'));

// A member's screen opened from its address: its code is already on its way (the server names it for preloading,
// docs/decisions/0094); start.tsx waits for it briefly so the first render draws it (docs/decisions/0099).
const EARLY_SCREENS: [RegExp, { load: () => Promise<unknown> }][] = [
  [SCREEN_PATHS.home, Dashboard],
  [SCREEN_PATHS.forums, Forums],
  [SCREEN_PATHS.communities, Communities],
  [SCREEN_PATHS.community, Community],
  [SCREEN_PATHS.post, Post],
  [SCREEN_PATHS.bookmarks, Bookmarks],
  [SCREEN_PATHS.chat, Chat],
  [SCREEN_PATHS.referrals, Referrals],
  [SCREEN_PATHS.resources, Resources],
  [SCREEN_PATHS.therapists, Therapists],
  [SCREEN_PATHS.profile, Profile],
  [SCREEN_PATHS.notifications, Notifications],
  [SCREEN_PATHS.settings, Settings],
];

/**
 * Loads the signed-in layout, the socket's connection and the screen at `pathname`, if it is one of the above, and gives
 * the screen's module (a drawn screen's has its `drawn` code, web/lib/drawn-screen.ts). The connection is drawn with the
 * first render too: its refetch on connecting then ends before anything arrives live.
 */
export async function preloadMemberScreen(pathname: string): Promise<ScreenModule | undefined> {
  const screen = EARLY_SCREENS.find(([pattern]) => pattern.test(pathname))?.[1];
  const [module] = await Promise.all([screen?.load(), AppLayout.load(), RealtimeConnection.load()]);
  return module as ScreenModule | undefined;
}

const page = (element: ReactNode, tall = false) => <Suspense fallback={<PageLoader tall={tall} />}>{element}</Suspense>;

const passwordRoutes = (
  <>
    <Route path="/forgot-password" element={page(<ForgotPassword />)} />
    <Route path="/reset-password/:token" element={page(<ResetPassword />)} />
    <Route path="/confirm-email" element={page(<ConfirmEmail />)} />
    {/* An email's unsubscribe link works signed in or out: the signed link is the proof. */}
    <Route path="/unsubscribe" element={page(<Unsubscribe />)} />
  </>
);

/** A protected address opened signed out: sign in first, then come back to it. */
function ToLogin() {
  const { pathname, search } = useLocation();
  return <Navigate to={loginPathFor(pathname, search)} replace />;
}

/**
 * A session that ended while its pages were open (revoked from another device, a password change, an administrator)
 * lands on the sign-in page, which says so, whatever public page the address now names (the landing page at /). Once:
 * the visitor may then go anywhere.
 */
function SignInAfterSessionEnded() {
  const { ended } = useSession();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const handled = useRef(false);
  useEffect(() => {
    if (!ended || handled.current) return;
    handled.current = true;
    if (pathname !== '/login') void navigate(loginPathFor(pathname, search), { replace: true });
  }, [ended, pathname, search, navigate]);
  return null;
}

/** /login and /register are for visitors; a signed-in member goes where the login would have taken them. */
function AwayFromSignIn() {
  const { search } = useLocation();
  return <Navigate to={safeNextPath(new URLSearchParams(search).get('next'))} replace />;
}

// Signed in (any status): the sign-in forms are not shown again.
const signedInAccountRoutes = (
  <>
    <Route path="/login" element={<AwayFromSignIn />} />
    <Route path="/register" element={<AwayFromSignIn />} />
    {passwordRoutes}
  </>
);

/** The browser tab names the screen; screen readers announce it on navigation. */
function DocumentTitle() {
  const { pathname } = useLocation();
  const intl = useIntl();
  // A layout effect, run before the screen's own: a screen that names itself more precisely ("Referral: Teen, Anxiety")
  // sets its title after this one.
  useLayoutEffect(() => {
    document.title = titleFor(pathname, intl);
  }, [pathname, intl]);
  return null;
}

export function AppRoutes() {
  return (
    <>
      <DocumentTitle />
      <ScreenRoutes />
    </>
  );
}

function ScreenRoutes() {
  const { ready, user } = useSession();
  // The spec: nothing shows until the first session check has ended.
  if (!ready) return <PageLoader />;
  if (!user) {
    return (
      <>
      <SignInAfterSessionEnded />
      <Routes>
        <Route element={<PublicLayout />}>
          {/* The landing page is long: while it loads, the footer waits below the fold instead of being pushed there. */}
          <Route path="/" element={page(<Landing />, true)} />
          <Route path="/login" element={page(<Login />)} />
          <Route path="/register" element={page(<Register />)} />
          {passwordRoutes}
          <Route path="/resources" element={page(<Resources />)} />
          <Route path="/therapists" element={page(<Therapists />)} />
          <Route path="/faq" element={page(<Faq />)} />
          <Route path="/profile/:id" element={page(<Profile />)} />
          <Route path="/my-profile" element={page(<MyProfile />)} />
          <Route path="*" element={<ToLogin />} />
        </Route>
      </Routes>
      </>
    );
  }
  if (user.mustEnrolTwoFactor) return <EnrolmentRoutes />;
  if (!isVerified(user)) return <UnverifiedRoutes />;
  return (
    <>
    <Suspense fallback={null}><RealtimeConnection /></Suspense>
    <Routes>
      <Route element={page(<AppLayout />)}>
        <Route path="/forums" element={page(<Forums />)} />
        <Route path="/communities" element={page(<Communities />)} />
        <Route path="/community/:communityId" element={page(<Community />)} />
        <Route path="/community/:communityId/post/:postId" element={page(<Post />)} />
        <Route path="/bookmarks" element={page(<Bookmarks />)} />
        <Route path="/post/:postId" element={page(<Post />)} />
        <Route path="/chat" element={page(<Chat />)} />
        <Route path="/chat/:conversationId" element={page(<Chat />)} />
        {/* The list's tabs are in the address; static segments win over /referrals/:id. */}
        <Route path="/referrals" element={page(<Referrals tab="received" />)} />
        <Route path="/referrals/sent" element={page(<Referrals tab="sent" />)} />
        <Route path="/referrals/board" element={page(<Referrals tab="board" />)} />
        <Route path="/referrals/new" element={page(<NewReferral />)} />
        <Route path="/referrals/insights" element={page(<ReferralInsights />)} />
        <Route path="/referrals/:id" element={page(<Referral />)} />
        <Route path="/groups" element={page(<Groups />)} />
        <Route path="/groups/new" element={page(<NewGroup />)} />
        <Route path="/groups/:id" element={page(<GroupScreen />)} />
        <Route path="/practices" element={page(<Practices />)} />
        <Route path="/practices/new" element={page(<NewPractice />)} />
        <Route path="/practices/:slug" element={page(<Practice />)} />
        <Route path="/practices/:slug/inbox" element={page(<PracticeInbox />)} />
        <Route path="/practices/:slug/settings" element={page(<PracticeSettings />)} />
        <Route path="/resources" element={page(<Resources />)} />
        <Route path="/therapists" element={page(<Therapists />)} />
        <Route path="/profile/:id" element={page(<Profile />)} />
        <Route path="/my-profile" element={page(<MyProfile />)} />
        <Route path="/edit-profile" element={page(<EditProfile />)} />
        <Route path="/settings" element={page(<Settings />)} />
        <Route path="/settings/:tab" element={page(<Settings />)} />
        <Route path="/notifications" element={page(<Notifications />)} />
        <Route path="/verification" element={page(<Verification />)} />
        <Route element={page(<RequireAdmin />)}>
          <Route path="/admin" element={page(<AdminHome />)} />
          <Route path="/admin/resources" element={page(<AdminResources />)} />
          <Route path="/admin/verifications" element={page(<AdminVerifications />)} />
          <Route path="/admin/audit" element={page(<AdminAudit />)} />
          <Route path="/admin/forum-privacy" element={page(<AdminForumPrivacy />)} />
          <Route path="/admin/security" element={page(<AdminSecurityPolicy />)} />
          <Route path="/admin/reports" element={page(<AdminReports />)} />
          <Route path="/admin/users/:id" element={page(<AdminMemberAccount />)} />
          <Route path="/admin/retention" element={page(<AdminRetention />)} />
          <Route path="/admin/referrals" element={page(<AdminReferralFigures />)} />
        </Route>
        <Route path="/faq" element={page(<Faq />)} />
        {signedInAccountRoutes}
        <Route path="*" element={page(<Dashboard />)} />
      </Route>
    </Routes>
    </>
  );
}

/**
 * A pending or rejected member (anyone can register with made-up licence details) sees their own profile, the
 * verification screen, their own account's settings (security and privacy: they are about the account, not about
 * members' content) and the public pages; the server answers 403 to everything else, so nothing else is offered.
 * No socket either: chat is for verified members.
 */
function UnverifiedRoutes() {
  return (
    <Routes>
      <Route element={page(<AppLayout />)}>
        <Route path="/verification" element={page(<Verification />)} />
        <Route path="/my-profile" element={page(<MyProfile />)} />
        <Route path="/edit-profile" element={page(<EditProfile />)} />
        <Route path="/settings" element={page(<Settings />)} />
        <Route path="/settings/:tab" element={page(<Settings />)} />
        <Route path="/resources" element={page(<Resources />)} />
        <Route path="/therapists" element={page(<Therapists />)} />
        {/* A directory card links here: the page shows the server's refusal, which says why. */}
        <Route path="/profile/:id" element={page(<Profile />)} />
        <Route path="/faq" element={page(<Faq />)} />
        {signedInAccountRoutes}
        <Route path="*" element={<Navigate to="/verification" replace />} />
      </Route>
    </Routes>
  );
}

/**
 * An administrator who must turn on two-factor sign-in (ADMIN_REQUIRE_2FA) first: the server refuses everything else
 * until then (403 TWO_FACTOR_REQUIRED), so only the Security settings are offered.
 */
function EnrolmentRoutes() {
  return (
    <Routes>
      <Route element={page(<AppLayout />)}>
        <Route path="/settings/security" element={page(<Settings />)} />
        <Route path="/confirm-email" element={page(<ConfirmEmail />)} />
        <Route path="*" element={<Navigate to="/settings/security" replace />} />
      </Route>
    </Routes>
  );
}
