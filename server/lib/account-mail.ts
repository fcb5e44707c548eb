// A member's account mails (a reset link, a changed password or address, a deleted account, a data copy ready, a
// licence about to lapse) through the outbox (docs/decisions/0400-account-mails-through-the-outbox.md): the write that
// causes one records an `account.mail` event in its own transaction, so a rolled-back change sends nothing and a mail
// server that refuses at that moment only delays the mail until the queue's retry.
// The payload holds the recipient, the kind of mail, its language and its values (names, an address, a day): never a
// password or a text written in the app, and a one-time token only sealed (server/lib/crypto). The handler composes
// the mail from the catalogue in that language when it sends it. Each feature declares its kinds with `accountMailKind`.
import { sql } from 'drizzle-orm';
import type { Locale } from '../../common/i18n/locales.ts';
import type { Db } from '../db/client.ts';
import { decrypt, encrypt } from './crypto/cipher.ts';
import { sayIn, type Say } from './i18n.ts';
import type { JobQueue } from './jobs.ts';
import type { Mail, Mailer } from './mail.ts';
import { outboxEvent, type OutboxEvent } from './outbox.ts';

type Values = Record<string, string | number>;
/** What a kind composes its mail from: `say` in the recipient's language, and the one-time token when it has one. */
export type MailFacts<V extends Values> = { say: Say; locale: Locale; values: V; publicUrl: string; token?: string };
type Composed = Omit<Mail, 'to'>;
type Composer = (facts: MailFacts<Values>) => Composed;

/**
 * `userId`: the account the recipient owns (erasing it drops its mails still waiting, as for every job naming it);
 * `to`: the address, taken when the write was made (a deleted account's, an old address, an address asked for);
 * `sentAt`: set on the event's row once the mail server took the mail (`sendOnce`).
 */
type Payload = { userId: string; kind: string; to: string; locale: Locale; values: Values; sealedToken?: string; sentAt?: string };
export type AccountMail<V extends Values> = { userId: string; to: string; locale: Locale; values: V; token?: string };

const accountMail = outboxEvent<Payload>('account.mail');
const composers = new Map<string, Composer>();
// Bound to the account and the kind: a sealed token copied into another event does not open there.
const tokenContext = (userId: string, kind: string) => `jobs.account_mail\0${userId}\0${kind}`;

/** Declares a kind of account mail; answers the function that makes its event, to record in the write's transaction. */
export function accountMailKind<V extends Values>(kind: string, compose: (facts: MailFacts<V>) => Composed): (mail: AccountMail<V>) => OutboxEvent {
  composers.set(kind, compose as Composer);
  return ({ userId, to, locale, values, token }) => accountMail.of({
    userId, kind, to, locale, values, ...(token ? { sealedToken: encrypt(token, tokenContext(userId, kind)) } : {}),
  });
}

type MailContext = { jobs: JobQueue; db: Db; mailer: Mailer; config: { publicUrl: string } };

export function registerAccountMails(ctx: MailContext): void {
  accountMail.handle(ctx, async (payload, event) => {
    const compose = composers.get(payload.kind);
    if (!compose) throw new Error(`no account mail of kind ${payload.kind}`);
    const token = payload.sealedToken ? decrypt(payload.sealedToken, tokenContext(payload.userId, payload.kind)) : undefined;
    const composed = compose({ say: sayIn(payload.locale), locale: payload.locale, values: payload.values, publicUrl: ctx.config.publicUrl, token });
    await sendOnce(ctx, { id: event.id, payload }, { to: payload.to, ...composed });
  });
}

/**
 * Sends the mail of an outbox event unless an earlier delivery of the same event already did: once the mail server
 * took it, the event's own row is marked, so a delivery whose end was lost (the row not deleted: a database blip, the
 * node stopping) finds the mark at its retry and sends nothing. Only a stop between the server's answer and the mark
 * can still send a mail twice (at least once, never lost).
 */
export async function sendOnce(ctx: { db: Db; mailer: Mailer }, event: { id: string; payload: Record<string, unknown> }, mail: Mail): Promise<void> {
  if (event.payload.sentAt) return;
  await ctx.mailer.send(mail);
  // The mail is gone: a failed mark must not fail the delivery, whose retry would send it again.
  await ctx.db.execute(sql`UPDATE jobs SET payload = payload || jsonb_build_object('sentAt', now()::text) WHERE id = ${event.id}`)
    .catch(() => undefined);
}
