// What the people concerned hear when a referral changes: `referralReceived` for a new referral in their received box,
// `referralUpdated` for anything else, to their user rooms (every device, on every node through the Redis adapter).
// Each payload names the referral only: the client fetches it as that viewer, so nothing reaches someone who may not
// read it. This is also the one place where referral notifications belong (the notifications lib, when it exists).
import type { ReferralEvent } from '../../../common/referrals.ts';
import type { AppContext } from '../../context.ts';
import { userRoom } from '../../lib/realtime.ts';

export type ReferralNews = ReferralEvent & { to: string[] };

export function tellReceived(ctx: AppContext, news: ReferralNews): void {
  if (news.to.length) ctx.realtime.io.to(news.to.map(userRoom)).emit('referralReceived', payload(news));
}

export function tellUpdated(ctx: AppContext, news: ReferralNews): void {
  if (news.to.length) ctx.realtime.io.to(news.to.map(userRoom)).emit('referralUpdated', payload(news));
}

const payload = ({ referralId, kind, status }: ReferralNews): ReferralEvent => ({ referralId, kind, status });
