import { matchPath } from 'react-router';

// Each screen's name in the browser tab and history ("Forums · Thera Root"), first match wins.
const SCREENS: [pattern: string, name: string][] = [
  ['/', 'Home'],
  ['/login', 'Login'],
  ['/register', 'Register'],
  ['/forgot-password', 'Forgot password'],
  ['/reset-password/:token', 'Reset password'],
  ['/confirm-email', 'Confirm email'],
  ['/verification', 'Verification'],
  ['/forums', 'Forums'],
  ['/communities', 'Communities'],
  ['/community/:communityId/post/:postId', 'Post'],
  ['/community/:communityId', 'Community'],
  ['/post/:postId', 'Post'],
  ['/chat/*', 'Chat'],
  ['/resources', 'Resources'],
  ['/therapists', 'Therapists'],
  ['/profile/:id', 'Profile'],
  ['/my-profile', 'My Profile'],
  ['/edit-profile', 'Edit Profile'],
  ['/settings/*', 'Settings'],
  ['/referrals/new', 'Refer a client'],
  ['/referrals/*', 'Referrals'],
  ['/notifications', 'Notifications'],
  ['/unsubscribe', 'Email preferences'],
  ['/bookmarks', 'Bookmarks'],
  ['/faq', 'FAQ'],
  ['/admin', 'Admin'],
  ['/admin/resources', 'Resource review · Admin'],
  ['/admin/verifications', 'Verifications · Admin'],
  ['/admin/audit', 'Audit log · Admin'],
  ['/admin/reports', 'Reports · Admin'],
];

const SITE_NAME = 'Thera Root';

export function titleFor(pathname: string): string {
  const screen = SCREENS.find(([pattern]) => matchPath(pattern, pathname));
  return screen ? `${screen[1]} · ${SITE_NAME}` : SITE_NAME;
}
