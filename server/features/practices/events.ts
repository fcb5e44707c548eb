// Notices about referrals sent to practices, delivered by the outbox after the write committed: a referral in the
// practice's inbox (its intake members, admins and owner), one assigned to a clinician, and the sender's "assigned".
// Named by the referral's needs, never its note; `cause` (the event's id) keeps a second delivery from a second item.
// An invitation to join a practice tells the invitee (content-free: who invited them, to which practice).
import type { AppContext } from '../../context.ts';
import { notify } from '../../lib/notify.ts';
import { outboxEvent } from '../../lib/outbox.ts';
import { practiceNotice } from '../../lib/practice-referrals.ts';

type InvitationNotice = { practiceId: string; practiceName: string; actorId: string; to: string };
export const invitationNotice = outboxEvent<InvitationNotice>('practices.invitation');

export function registerPracticeEvents(ctx: AppContext): void {
  practiceNotice.handle(ctx, async ({ type, referralId, summary, actorId, to, detail, url }, event) => {
    if (!to.length) return;
    await notify(ctx, [{
      type, recipientIds: to, actorId, sourceId: event.id, detail,
      target: { kind: 'referral', id: referralId, title: summary, url }, place: 'Referrals',
    }]);
  });
  // The invitee answers on /practices, where their invitations are listed.
  invitationNotice.handle(ctx, async (n, event) => {
    await notify(ctx, [{
      type: 'practiceInvitation', recipientIds: [n.to], actorId: n.actorId, sourceId: event.id, detail: n.practiceName,
      target: { kind: 'practice', id: n.practiceId, title: n.practiceName, url: '/practices' },
    }]);
  });
}
