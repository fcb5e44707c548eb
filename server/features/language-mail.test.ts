// Emails in the recipient's language, read from a real SMTP server on loopback: a member who chose French
// gets French subjects and bodies (account mails, an administrator's decision, a notification, the digest), one who
// chose nothing gets the language of the request that caused the mail, and an English member's mails are unchanged.
// Like every notification email, the French ones name who and where, never the text of a post.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMailer } from '../lib/mail.ts';
import { formatDay, formatMoment } from '../lib/i18n.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { createAdmin, createCommunity, createUser, randomLetters, type TestUser } from '../test/factories.ts';
import { caller } from '../test/http.ts';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../test/smtp.ts';

const SECRET = 'Client disclosed SECRETTEXT';
const MINUTE = 60_000;
let ctx: TestContext;
let smtp: SmtpSink;
const call = caller(() => ctx.app);
let elise: TestUser, ana: TestUser, ben: TestUser;
let communityId: string;

beforeAll(async () => {
  smtp = await startSmtpSink();
  ctx = await createTestContext({ mailer: createMailer({ smtpUrl: smtp.url, from: 'Thera Root <no-reply@thera-root.test>', outboxDir: '/nonexistent' }) });
  elise = await createUser(ctx.db, { name: 'Élise Tremblay', locale: 'fr-CA' });
  ana = await createUser(ctx.db, { name: 'Ana Okafor' });
  ben = await createUser(ctx.db, { name: 'Ben Mensah' });
  communityId = (await createCommunity(ctx.db, { name: 'Soins en trauma' }, [elise.id, ana.id, ben.id])).id;
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});
beforeEach(async () => {
  await ctx.app.jobs.settled();
  for (const table of ['posts', 'notifications', 'notification_preferences', 'jobs']) await ctx.db.execute(sql.raw(`DELETE FROM ${table}`));
  await ctx.db.execute(sql`UPDATE users SET time_zone = NULL, digest_at = NULL`);
  smtp.clear();
});

/** The first mail to `email`, waiting for a mail that is sent without being awaited. */
async function mailTo(email: string): Promise<ReceivedMail> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const [mail] = smtp.to(email);
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no mail to ${email}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
const runAt = async (when: Date) => {
  await ctx.app.jobs.settled();
  await ctx.app.jobs.runDue(when);
};
async function commentedPostOf(author: TestUser, commenters: TestUser[]): Promise<void> {
  const post = await call('POST', '/api/forumPosts', author, { title: 'EMDR pacing', content: SECRET, communityId });
  expect(post.status).toBe(201);
  for (const who of commenters) expect((await call('POST', `/api/forumPosts/${post.body._id}/comments`, who, { content: `${SECRET} too` })).status).toBe(201);
}

describe('account emails', () => {
  it('sends the password reset in the member\'s language, else the request\'s, else English', async () => {
    const forgot = (email: string, headers: Record<string, string> = {}) =>
      ctx.app.inject({ method: 'POST', url: '/api/users/forgot-password', payload: { email }, headers });
    expect((await forgot(elise.email)).statusCode).toBe(200);
    const french = await mailTo(elise.email);
    expect(french.subject).toBe('Réinitialisez votre mot de passe Thera Root');
    expect(french.body).toMatch(/^Bonjour Élise Tremblay,\n\nPour choisir un nouveau mot de passe, ouvrez ce lien d’ici une heure :\n\nhttp:\/\/localhost:3000\/reset-password\/\S+\n\nSi vous n’avez rien demandé/);

    expect((await forgot(ana.email)).statusCode).toBe(200);
    const english = await mailTo(ana.email);
    expect(english.subject).toBe('Reset your Thera Root password');
    expect(english.body).toMatch(/^Hello Ana Okafor,\n\nTo choose a new password, open this link within one hour:\n\n/);

    // No language chosen: the browser's, for the answer and the mail alike.
    const noChoice = await createUser(ctx.db, { name: `Marc ${randomLetters()}` });
    const answer = await forgot(noChoice.email, { 'accept-language': 'fr-CA,fr;q=0.9' });
    expect(answer.json().msg).toBe('Si un compte existe pour cette adresse courriel, un lien de réinitialisation du mot de passe y a été envoyé.');
    expect((await mailTo(noChoice.email)).subject).toBe('Réinitialisez votre mot de passe Thera Root');
  });

  it('tells a French member in French that an administrator verified the licence, and an English one in English', async () => {
    const admin = await createAdmin(ctx.db);
    const [pendingFr, pendingEn] = [
      await createUser(ctx.db, { status: 'pending', locale: 'fr-CA', name: 'Luc Gagnon' }),
      await createUser(ctx.db, { status: 'pending', name: 'Li Wei' }),
    ];
    for (const member of [pendingFr, pendingEn]) {
      expect((await call('PATCH', `/api/admin/verifications/${member.id}`, admin, { approved: true })).status).toBe(200);
    }
    const french = await mailTo(pendingFr.email);
    expect(french.subject).toBe('Votre permis d’exercice a été vérifié sur Thera Root');
    expect(french.body.trimEnd()).toBe('Bonjour Luc Gagnon,\n\nUn administrateur a vérifié votre permis d’exercice. Bienvenue dans le réseau : http://localhost:3000/\n\nThera Root');
    const english = await mailTo(pendingEn.email);
    expect(english.subject).toBe('Your Thera Root licence is verified');
    expect(english.body.trimEnd()).toBe('Hello Li Wei,\n\nAn administrator verified your licence. Welcome to the network: http://localhost:3000/\n\nThera Root');
  });
});

describe('notification emails', () => {
  it('names who and where in the recipient\'s language, with a French unsubscribe line, never the text', async () => {
    await commentedPostOf(elise, [ben]);
    await commentedPostOf(ana, [ben]);
    await runAt(new Date(Date.now() + 11 * MINUTE));
    const french = await mailTo(elise.email);
    expect(french.subject).toBe('Ben Mensah : réponse à votre publication dans Soins en trauma sur Thera Root');
    expect(french.body).toContain('Bonjour Élise Tremblay,\n\nVous avez une notification que vous n’avez pas encore vue :\n- Ben Mensah : réponse à votre publication dans Soins en trauma : http://localhost:3000/post/');
    expect(french.body).toMatch(/Ne plus recevoir de courriels pour « Réponses à mes publications » : http:\/\/localhost:3000\/unsubscribe\?token=/);
    expect(french.raw).not.toContain('SECRETTEXT');
    const english = await mailTo(ana.email);
    expect(english.subject).toBe('Ben Mensah replied to your post in Soins en trauma on Thera Root');
    expect(english.body).toContain('Stop emails about "Replies to my posts": http://localhost:3000/unsubscribe?token=');

    // The unsubscribe page names the kind of email in the page's language.
    const url = /<(http[^>]+)>/.exec(french.headers.get('list-unsubscribe')!)![1].replace('http://localhost:3000', '');
    const described = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-language': 'fr-CA' } });
    expect(described.json()).toEqual({ type: 'postReply', label: 'Réponses à mes publications' });
  });

  it('sends the daily digest in French, with its counts in French', async () => {
    await call('PUT', '/api/notifications/preferences', elise, { types: { postReply: { inApp: true, email: 'daily' } }, timeZone: 'UTC' });
    await commentedPostOf(elise, [ben, ana]);
    const day = new Date(Date.now() + 2 * 86_400_000);
    await runAt(new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 8)));
    const digest = await mailTo(elise.email);
    expect(digest.subject).toBe('Votre résumé Thera Root : 2 notifications');
    expect(digest.body).toContain('Voici ce qui s’est passé depuis votre dernier résumé :');
    expect(digest.body).toContain('- Ana Okafor : réponse à votre publication dans Soins en trauma : http://localhost:3000/post/');
    expect(digest.raw).not.toContain('SECRETTEXT');
  });
});

describe('dates in emails', () => {
  it('keep their English form, and read in French in the member\'s time zone', () => {
    const at = new Date('2026-12-03T00:05:00Z');
    expect(formatMoment(at, 'en', 'America/Toronto')).toBe('2026-12-03 00:05 UTC');
    expect(formatMoment(at, 'fr-CA', 'America/Toronto')).toBe('mercredi 2 décembre 2026 à 19 h 05 HNE');
    expect(formatMoment(at, 'fr-CA', 'Not/AZone')).toMatch(/^jeudi 3 décembre 2026 à 0?0 h 05 UTC$/);
    expect(formatDay('2026-12-03', 'en')).toBe('2026-12-03');
    expect(formatDay('2026-12-03', 'fr-CA')).toBe('3 décembre 2026');
  });
});
