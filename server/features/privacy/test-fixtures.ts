// Test-only (eslint keeps it out of the feature's code): data for the export and deletion tests beside it, one
// member's footprint in every table next to another member's.
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import type { TestUser } from '../../test/factories.ts';

export type Footprint = {
  communityCreated: string; communityJoined: string; ownPost: string; ownLonelyPost: string; othersPost: string;
  ownComment: string; replyToOwn: string; othersComment: string; conversation: string; message: string; reply: string;
  approvedResource: string; pendingResource: string; report: string; referralSent: string; referralReceived: string;
};

const one = async (db: Db, query: ReturnType<typeof sql>) => (await queryRows<{ id: string }>(db, query))[0].id;

/** `member` writes, likes, joins, chats, reports and is audited; `other` takes part so there is someone else's data. */
export async function makeFootprint(db: Db, member: TestUser, other: TestUser, tag: string): Promise<Footprint> {
  const communityCreated = await one(db, sql`INSERT INTO communities (name, created_by, members_count) VALUES (${`Made by ${tag}`}, ${member.id}, 1) RETURNING id`);
  const communityJoined = await one(db, sql`INSERT INTO communities (name, created_by, members_count) VALUES (${`Joined by ${tag}`}, ${other.id}, 2) RETURNING id`);
  await db.execute(sql`INSERT INTO community_members (community_id, user_id) VALUES (${communityCreated}, ${member.id}), (${communityJoined}, ${member.id}), (${communityJoined}, ${other.id})`);
  const post = (author: string, community: string, title: string) =>
    one(db, sql`INSERT INTO posts (community_id, author_id, title, content) VALUES (${community}, ${author}, ${title}, ${`${title} body`}) RETURNING id`);
  const ownPost = await post(member.id, communityJoined, `Own post ${tag}`);
  const ownLonelyPost = await post(member.id, communityJoined, `Lonely post ${tag}`);
  const othersPost = await post(other.id, communityJoined, `Others post ${tag}`);
  await db.execute(sql`UPDATE communities SET posts_count = 3 WHERE id = ${communityJoined}`);
  const comment = (postId: string, author: string, content: string, parent: string | null = null) =>
    one(db, sql`INSERT INTO comments (post_id, author_id, parent_id, content) VALUES (${postId}, ${author}, ${parent}, ${content}) RETURNING id`);
  const ownComment = await comment(othersPost, member.id, `Own comment ${tag}`);
  const replyToOwn = await comment(othersPost, other.id, `Reply to own ${tag}`, ownComment);
  const othersComment = await comment(ownPost, other.id, `Others comment ${tag}`);
  await db.execute(sql`UPDATE posts SET comments_count = 2 WHERE id = ${othersPost}`);
  await db.execute(sql`UPDATE posts SET comments_count = 1 WHERE id = ${ownPost}`);
  await db.execute(sql`INSERT INTO post_likes (post_id, user_id) VALUES (${othersPost}, ${member.id}), (${ownPost}, ${other.id})`);
  await db.execute(sql`UPDATE posts SET likes_count = 1 WHERE id IN (${othersPost}, ${ownPost})`);
  await db.execute(sql`INSERT INTO comment_likes (comment_id, user_id, post_id) VALUES (${replyToOwn}, ${member.id}, ${othersPost})`);
  await db.execute(sql`INSERT INTO favorites (user_id, favorite_id) VALUES (${member.id}, ${other.id}), (${other.id}, ${member.id})`);
  const pairKey = member.id < other.id ? `${member.id}:${other.id}` : `${other.id}:${member.id}`;
  const conversation = await one(db, sql`INSERT INTO conversations (pair_key) VALUES (${pairKey}) RETURNING id`);
  await db.execute(sql`INSERT INTO conversation_participants (conversation_id, user_id) VALUES (${conversation}, ${member.id}), (${conversation}, ${other.id})`);
  const message = await one(db, sql`INSERT INTO messages (conversation_id, sender_id, text) VALUES (${conversation}, ${member.id}, ${`Hello from ${tag}`}) RETURNING id`);
  const reply = await one(db, sql`INSERT INTO messages (conversation_id, sender_id, text) VALUES (${conversation}, ${other.id}, ${`Answer to ${tag}`}) RETURNING id`);
  const resource = (title: string, approved: boolean) => one(db, sql`
    INSERT INTO resources (title, link, description, category, is_approved, approved_at, created_by)
    VALUES (${title}, 'https://example.org/r', 'A resource', 'Articles', ${approved}, ${approved ? new Date().toISOString() : null}, ${member.id}) RETURNING id`);
  const approvedResource = await resource(`Approved resource ${tag}`, true);
  const pendingResource = await resource(`Pending resource ${tag}`, false);
  const report = await one(db, sql`INSERT INTO reports (reporter_id, target_type, target_id, target_author_id, reason, details)
    VALUES (${member.id}, 'post', ${othersPost}, ${other.id}, 'spam', ${`Report details ${tag}`}) RETURNING id`);
  await db.execute(sql`INSERT INTO blocks (blocker_id, blocked_id) VALUES (${member.id}, ${other.id})`);
  await db.execute(sql`INSERT INTO audit_log (actor_id, action, target_type, target_id, detail)
    VALUES (${other.id}, 'name.approve', 'user', ${member.id}, ${JSON.stringify({ previousName: `Old name ${tag}`, requestedName: member.name })}::jsonb)`);
  await db.execute(sql`INSERT INTO verification_decisions (user_id, decided_by, approved, reason) VALUES (${member.id}, ${other.id}, true, ${`Checked ${tag}`})`);
  await db.execute(sql`INSERT INTO password_reset_tokens (token_hash, user_id, expires_at) VALUES (${`hash-${tag}`}, ${member.id}, now() + interval '1 hour')`);
  await db.execute(sql`INSERT INTO notifications (user_id, type, target_kind, target_id, target_title, target_url)
    VALUES (${member.id}, 'comment', 'post', ${ownPost}, ${`Notified ${tag}`}, ${`/post/${ownPost}`})`);
  await db.execute(sql`INSERT INTO post_follows (post_id, user_id) VALUES (${othersPost}, ${member.id})`);
  await db.execute(sql`INSERT INTO chat_send_counts (user_id, window_start, count) VALUES (${member.id}, now(), 1)`);
  const referral = (sender: string, note: string) => one(db, sql`
    INSERT INTO referrals (sender_id, age_group, concerns, session_formats, region, note, expires_at)
    VALUES (${sender}, 'Teen', ARRAY['Anxiety'], ARRAY['Online'], 'ON', ${note}, now() + interval '30 days') RETURNING id`);
  const referralSent = await referral(member.id, `Sent by ${tag}`);
  const referralReceived = await referral(other.id, `Sent to ${tag}`);
  await db.execute(sql`INSERT INTO referral_recipients (referral_id, recipient_id, response, message)
    VALUES (${referralSent}, ${other.id}, 'accepted', ${`Yes from the other of ${tag}`}), (${referralReceived}, ${member.id}, 'declined', ${`No from ${tag}`})`);
  return {
    referralSent, referralReceived,
    communityCreated, communityJoined, ownPost, ownLonelyPost, othersPost, ownComment, replyToOwn, othersComment,
    conversation, message, reply, approvedResource, pendingResource, report,
  };
}
