// What a simulated member does, in real time, and how that time is compressed (docs/decisions/0088).
// A member online has one socket the whole time. Every VISIT_SECONDS (jittered) it makes a visit: the signed-in home
// screen, the forum feed, one of its communities, a post with its comments, the directory with filters, a search, and
// one conversation opened (marked read); THINK_SECONDS between screens. Apart from visits it sends a chat message about
// once a minute. Writes follow participation inequality (Nielsen, "The 90-9-1 Rule for Participation Inequality in
// Social Media and Online Communities", 2006): per 100 visits 1 new post and 9 comments; likes, the cheapest way to take
// part, 3 per comment (an assumption, stated as such). Compression k divides every think time and interval by k and
// changes nothing else, so N members at k make the request rate of N x k members at real pace, with N sockets.
import { SPECIALTIES, MODALITIES } from '../../common/options.ts';

export const REAL = { visitSeconds: 180, thinkSeconds: 8, messageSeconds: 60 } as const;
export const WRITES_PER_VISIT = { post: 0.01, comment: 0.09, like: 0.27 } as const;

export const SCREENS = ['dashboard', 'feed', 'community', 'post', 'directory', 'search', 'conversation'] as const;
export type Screen = (typeof SCREENS)[number];

export type MemberView = { id: string; conversationId: string; communities: string[] };

/** The requests each screen makes, as the web app does on open (web/features/* api.ts); made together, as a browser does. */
export function screenRequests(screen: Screen, m: MemberView, pick: <T>(items: readonly T[]) => T, postId?: string): [string, string][] {
  const community = pick(m.communities);
  switch (screen) {
    case 'dashboard':
      return [
        ['GET', '/api/users/me'], ['GET', '/api/activity/feed'], ['GET', '/api/communities/joined?limit=5'],
        ['GET', '/api/resources?limit=1'], ['GET', `/api/users/${m.id}`], ['GET', '/api/conversations/unread-count'],
        ['GET', '/api/notifications/unread-count'], ['GET', '/api/users/me/onboarding'], ['GET', '/api/referrals/counts'],
      ];
    case 'feed':
      return [['GET', '/api/forumPosts/feed'], ['GET', '/api/communities/recommendations?limit=5']];
    case 'community':
      return [['GET', `/api/communities/${community}`], ['GET', `/api/forumPosts/community/${community}`]];
    case 'post':
      return postId ? [['GET', `/api/forumPosts/${postId}`], ['GET', `/api/forumPosts/${postId}/comments`]] : [];
    case 'directory': {
      const params = new URLSearchParams({ specialties: pick(SPECIALTIES) });
      if (Math.random() < 0.5) params.set('modalities', pick(MODALITIES));
      if (Math.random() < 0.5) params.set('accepting', 'accepting');
      return [['GET', `/api/users?${params}`]];
    }
    case 'search':
      return [['GET', `/api/search?${new URLSearchParams({ q: pick(SEARCH_WORDS) })}`]];
    case 'conversation':
      return [['GET', '/api/conversations?limit=100'], ['GET', `/api/conversations/${m.conversationId}/messages`]];
  }
}

const SEARCH_WORDS = ['anxiety', 'trauma', 'grief', 'couples', 'adolescents', 'burnout', 'supervision', 'CBT', 'EMDR', 'Toronto',
  'depression', 'mindfulness', 'ethics', 'insurance', 'waitlist'];

/** A uniformly jittered interval around `seconds` (0.5x to 1.5x, mean unchanged), compressed by k, in ms. */
export const jittered = (seconds: number, k: number) => (seconds * 1000 * (0.5 + Math.random())) / k;

/** A label per request for the mix table: the path with ids and queries folded. */
export function actionOf(method: string, path: string): string {
  const bare = path.split('?')[0].replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, ':id');
  return `${method} ${bare}`;
}
