// Writers and checks for the embedded-database faults. A write is a forum post in a community: the post's row and the
// community's posts_count move in one transaction, so after any fault the counter must equal the posts listed (a
// half-written post would show as a difference). A write counts as acknowledged only when its 201 arrived.
import { call, sleep } from './app-process.ts';

export type WriteLog = { acknowledged: Set<string>; byStatus: Record<string, number> };

export const newWriteLog = (): WriteLog => ({ acknowledged: new Set(), byStatus: {} });

export async function createCommunity(url: string, token: string, name: string): Promise<string> {
  const res = await call(url, 'POST', '/api/communities', token, { name, description: 'Fault tests' });
  if (res.status !== 201) throw new Error(`could not create the community: ${res.status} ${JSON.stringify(res.body)}`);
  return String(res.body?._id);
}

/**
 * `writers` loops, each posting until `until()` says stop or the app stops answering. Bodies of refusals are kept by
 * status so a test can assert each is a `{msg}` (never a 500 with a stack).
 */
export async function writeUntil(
  url: string, token: string, communityId: string, log: WriteLog, until: () => boolean, writers = 6,
  onRefusal?: (status: number, body: Record<string, unknown> | null) => void,
): Promise<void> {
  let serial = 0;
  const loop = async () => {
    while (!until()) {
      const n = serial++;
      const res = await call(url, 'POST', '/api/forumPosts', token, { title: `Fault post ${n}`, content: `Body ${n}`, communityId });
      if (res.status === 201) log.acknowledged.add(String(res.body?._id));
      else {
        const key = res.status === 0 ? 'no answer' : String(res.status);
        log.byStatus[key] = (log.byStatus[key] ?? 0) + 1;
        onRefusal?.(res.status, res.body);
        if (res.status === 0) return;
        await sleep(50);
      }
    }
  };
  await Promise.all(Array.from({ length: writers }, loop));
}

export type Check = { listed: number; counter: number; lost: string[] };

/** Every post of the community, page by page, against its counter and the acknowledged ids. */
export async function checkCommunity(url: string, token: string, communityId: string, acknowledged: Set<string>): Promise<Check> {
  const ids = new Set<string>();
  let before: string | null = '';
  while (before !== null) {
    const route = `/api/forumPosts/community/${communityId}${before ? `?before=${encodeURIComponent(before)}` : ''}`;
    const page = await call(url, 'GET', route, token);
    if (page.status !== 200) throw new Error(`listing posts answered ${page.status} ${JSON.stringify(page.body)}`);
    const body = page.body as { posts: { _id: string }[]; nextCursor: string | null };
    for (const post of body.posts) ids.add(post._id);
    before = body.nextCursor;
  }
  const community = await call(url, 'GET', `/api/communities/${communityId}`, token);
  if (community.status !== 200) throw new Error(`reading the community answered ${community.status}`);
  return { listed: ids.size, counter: Number(community.body?.totalPostsCount), lost: [...acknowledged].filter((id) => !ids.has(id)) };
}
