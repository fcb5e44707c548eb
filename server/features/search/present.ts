// Each feature's search answer as the search box's items; the links are the web app's screens.
import type { Community } from '../../../common/communities.ts';
import type { PostHit } from '../../../common/posts.ts';
import type { Resource } from '../../../common/resources.ts';
import type { SearchItem, SearchKind } from '../../../common/search.ts';
import type { TherapistCard } from '../../../common/therapists.ts';

const words = (q: string) => encodeURIComponent(q);

/** Each screen's full search for the same words: the directory, the forums, all communities, the library. */
export const fullSearchHref: Record<SearchKind, (q: string) => string> = {
  therapists: (q) => `/therapists?q=${words(q)}`,
  posts: (q) => `/forums?q=${words(q)}`,
  communities: (q) => `/communities?q=${words(q)}`,
  resources: (q) => `/resources?q=${words(q)}`,
};

// The line under each title is sent as values (common/search.ts), said by the web app in the reader's language.
export const therapistItem = (t: TherapistCard): SearchItem =>
  ({ _id: t._id, title: t.name, profession: t.profession, location: t.location, href: `/profile/${t._id}` });

export const postItem = (p: PostHit): SearchItem => ({
  _id: p._id, title: p.title, ...(p.community ? { community: p.community.name } : {}), author: p.author.name,
  href: p.community ? `/community/${p.community._id}/post/${p._id}` : `/post/${p._id}`,
});

export const communityItem = (c: Community): SearchItem =>
  ({ _id: c._id, title: c.name, membersCount: c.membersCount, href: `/community/${c._id}` });

// A resource is an outside link: the library opens filtered to it, where its card says where it leads.
export const resourceItem = (r: Resource): SearchItem =>
  ({ _id: r._id, title: r.title, category: r.category as SearchItem['category'], href: fullSearchHref.resources(r.title) });
