// What the people concerned hear when a referral changes: `referralReceived` for a new referral in their received box,
// `referralUpdated` for anything else, to their user rooms (every device, on every node through the Redis adapter).
// Each payload names the referral only: the client fetches it as that viewer, so nothing reaches someone who may not
// read it. Notifications (server/lib/notify.ts) are created here too, after the write committed: received, answered,
// an offer on the board, placed, and expiring (a job scheduled when the referral is sent).
import type { NotificationType } from '../../../common/notifications.ts';
import type { ReferralEvent } from '../../../common/referrals.ts';
import type { AppContext } from '../../context.ts';
import { notify } from '../../lib/notify.ts';
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

/** A notification about a referral, named by its needs (never the note); the write it reports has committed. */
export async function notice(
  ctx: AppContext, type: NotificationType, n: { referralId: string; summary: string; actorId: string | null; to: string[] },
): Promise<void> {
  if (!n.to.length) return;
  try {
    await notify(ctx, [{
      type, recipientIds: n.to, actorId: n.actorId, sourceId: null,
      target: { kind: 'referral', id: n.referralId, title: n.summary, url: `/referrals/${n.referralId}` }, place: 'Referrals',
    }]);
  } catch (error) {
    // The referral changed; a notification that could not be stored must not turn that into a failure.
    ctx.realtime.log.error({ event: 'referral-notice', type, name: (error as Error)?.name }, 'referral notification failed');
  }
}
