// What the people concerned hear when a referral changes: `referralReceived` for a new referral in their received box,
// `referralUpdated` for anything else, to their user rooms (every device, on every node through the Redis adapter).
// Each payload names the referral only: the client fetches it as that viewer, so nothing reaches someone who may not
// read it. Notifications (server/lib/notify.ts) are events recorded in the write's transaction and delivered by the
// outbox (server/lib/outbox.ts): received, answered, an offer on the board, placed; and expiring (a job scheduled in
// the transaction that sends the referral).
import type { NotificationType } from '../../../common/notifications.ts';
import type { ReferralEvent } from '../../../common/referrals.ts';
import type { AppContext } from '../../context.ts';
import { notify } from '../../lib/notify.ts';
import { outboxEvent, type OutboxEvent } from '../../lib/outbox.ts';
import { userRoom } from '../../lib/realtime.ts';
import { referralsChanged } from './read-cache.ts';

export type ReferralNews = ReferralEvent & { to: string[] };

// Everyone an event names may see other counts and boxes now: what was remembered of them is forgotten on every node.
export function tellReceived(ctx: AppContext, news: ReferralNews): void {
  referralsChanged(ctx, news.to);
  if (news.to.length) ctx.realtime.io.to(news.to.map(userRoom)).emit('referralReceived', payload(news));
}

export function tellUpdated(ctx: AppContext, news: ReferralNews): void {
  referralsChanged(ctx, news.to);
  if (news.to.length) ctx.realtime.io.to(news.to.map(userRoom)).emit('referralUpdated', payload(news));
}

const payload = ({ referralId, kind, status }: ReferralNews): ReferralEvent => ({ referralId, kind, status });

/** `detail`: what the sentence names beyond the type (a recipient's answer). */
type Notice = { referralId: string; summary: string; actorId: string | null; to: string[]; detail?: string };
const referralNotice = outboxEvent<Notice & { type: NotificationType }>('referrals.notice');

/** The notice to record in the write's transaction (none when it names nobody). */
export const noticeOf = (type: NotificationType, n: Notice): OutboxEvent[] => (n.to.length ? [referralNotice.of({ type, ...n })] : []);

export function registerReferralEvents(ctx: AppContext): void {
  referralNotice.handle(ctx, ({ type, ...n }, event) => notice(ctx, type, n, event.id));
}

/**
 * A notification about a referral, named by its needs (never the note); the write it reports has committed. `cause`
 * (the event's or job's id) is its source: delivered twice, it is stored once for each member.
 */
export async function notice(ctx: AppContext, type: NotificationType, n: Notice, cause: string): Promise<void> {
  if (!n.to.length) return;
  await notify(ctx, [{
    type, recipientIds: n.to, actorId: n.actorId, sourceId: cause, detail: n.detail ?? null,
    target: { kind: 'referral', id: n.referralId, title: n.summary, url: `/referrals/${n.referralId}` }, place: 'Referrals',
  }]);
}
