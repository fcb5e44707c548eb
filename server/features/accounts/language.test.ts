// The server's refusals in the member's language: `Accept-Language` (or the language cookie) for anyone, the member's
// own choice (PATCH /api/users/me { locale }) before either; `code` never changes with the language.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createCommunity, createUser, randomLetters, type TestUser } from '../../test/factories.ts';
import { postFiles } from '../../test/multipart.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ config: { WRITE_LIMITS: 'referrals=1/60', LOGIN_MAX_FAILS_PER_ACCOUNT: '2' } });
});
afterAll(() => ctx.close());

const FRENCH = { 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.5' };
const ask = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, user?: TestUser, payload?: object, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method, url, payload, headers: { ...user?.headers, ...headers } }).then((r) => ({ status: r.statusCode, body: r.json() }));
const NEEDS = { ageGroup: 'Teen', concerns: ['Anxiety'], sessionFormats: ['Online'], region: 'ON', urgency: 'soon' };

describe('the language of refusals', () => {
  it('gives validation, permission and privacy-guard refusals in French to a browser that asks for it', async () => {
    const member = await createUser(ctx.db);
    const pending = await createUser(ctx.db, { status: 'pending' });
    expect(await ask('POST', '/api/users/login', undefined, { email: '' }, FRENCH)).toMatchObject({ status: 400, body: { code: 'VALIDATION' } });
    const invalid = await ask('POST', '/api/users/login', undefined, { email: 'a@b.test' }, FRENCH);
    expect(invalid.body.msg).toMatch(/invalide : (est obligatoire|n’est pas du bon type)$/);
    expect(await ask('GET', '/api/admin/audit', member, undefined, FRENCH))
      .toEqual({ status: 403, body: { msg: 'Seuls les administrateurs peuvent faire cela.', code: 'FORBIDDEN' } });
    expect(await ask('GET', '/api/referrals/suggestions', pending, undefined, FRENCH))
      .toEqual({ status: 403, body: { msg: 'Votre permis d’exercice n’a pas encore été vérifié.', code: 'NOT_VERIFIED' } });
    expect(await ask('GET', '/api/admin/audit', undefined, undefined, FRENCH))
      .toEqual({ status: 401, body: { msg: 'Veuillez vous connecter pour continuer.', code: 'UNAUTHORIZED' } });
    const colleague = await createUser(ctx.db);
    const phone = await ask('POST', '/api/referrals', member, { ...NEEDS, note: 'Call 416-555-0199 evenings', recipientIds: [colleague.id] }, FRENCH);
    expect(phone).toEqual({ status: 400, body: { code: 'IDENTIFYING_TEXT', msg: 'La note semble contenir un numéro de téléphone. Décrivez les besoins, pas l’identité.' } });
  });

  it('gives the rate limit in French, with its count of seconds', async () => {
    const [member, colleague] = [await createUser(ctx.db), await createUser(ctx.db)];
    const send = () => ask('POST', '/api/referrals', member, { ...NEEDS, note: `Evenings ${randomLetters()}`, recipientIds: [colleague.id] }, FRENCH);
    expect((await send()).status).toBe(201);
    const limited = await send();
    expect(limited).toMatchObject({ status: 429, body: { code: 'RATE_LIMITED' } });
    expect(limited.body.msg).toMatch(/^Vous faites cela trop souvent\. Veuillez réessayer dans \d+ secondes?\.$/);
  });

  it('answers in English without a language, for an unknown one, and by the language cookie', async () => {
    const member = await createUser(ctx.db);
    expect((await ask('GET', '/api/admin/audit', member)).body.msg).toBe('Only administrators can do that.');
    expect((await ask('GET', '/api/admin/audit', member, undefined, { 'accept-language': 'de-DE,xx;q=0.2' })).body.msg).toBe('Only administrators can do that.');
    expect((await ask('GET', '/api/admin/audit', member, undefined, { cookie: 'thera_locale=fr-CA' })).body.msg).toBe('Seuls les administrateurs peuvent faire cela.');
  });

  it('keeps a member\'s chosen language before the browser\'s, in /api/users/me, and refuses a language it does not speak', async () => {
    const member = await createUser(ctx.db);
    expect((await ask('GET', '/api/users/me', member)).body.locale).toBeNull();
    expect(await ask('PATCH', '/api/users/me', member, { locale: 'es' })).toMatchObject({ status: 400, body: { code: 'VALIDATION' } });
    expect(await ask('PATCH', '/api/users/me', member, { locale: 'fr-CA', role: 'admin' })).toMatchObject({ status: 400 });
    expect(await ask('PATCH', '/api/users/me', member, { locale: 'fr-CA' })).toMatchObject({ status: 200, body: { locale: 'fr-CA', role: 'user' } });
    expect((await ask('GET', '/api/admin/audit', member, undefined, { 'accept-language': 'en-US' })).body.msg).toBe('Seuls les administrateurs peuvent faire cela.');
    expect((await ask('PATCH', '/api/users/me', undefined, { locale: 'en' })).status).toBe(401);
    expect(await ask('PATCH', '/api/users/me', member, { locale: null })).toMatchObject({ status: 200, body: { locale: null } });
    expect((await ask('GET', '/api/admin/audit', member, undefined, FRENCH)).body.msg).toBe('Seuls les administrateurs peuvent faire cela.');
    expect((await ask('GET', '/api/admin/audit', member)).body.msg).toBe('Only administrators can do that.');
  });

  it('says the shared refusals and confirmations in French too: not found, the sign-in limit, the forum guard, a signing out', async () => {
    const member = await createUser(ctx.db);
    expect(await ask('GET', '/api/forumPosts/00000000-0000-4000-8000-000000000000', member, undefined, FRENCH))
      .toEqual({ status: 404, body: { msg: 'Publication introuvable.', code: 'NOT_FOUND' } });
    expect(await ask('GET', '/api/forumPosts/00000000-0000-4000-8000-000000000000', member))
      .toEqual({ status: 404, body: { msg: 'Post not found.', code: 'NOT_FOUND' } });
    const wrong = { email: member.email, password: `Wrong${randomLetters()}` };
    for (let i = 0; i < 2; i += 1) expect((await ask('POST', '/api/users/login', undefined, wrong, FRENCH)).body.msg).toBe('Identifiants invalides');
    expect(await ask('POST', '/api/users/login', undefined, wrong, FRENCH)).toEqual({
      status: 429, body: { msg: 'Trop de tentatives de connexion échouées. Veuillez patienter 15 minutes, puis réessayer.', code: 'RATE_LIMITED' },
    });
    const community = await createCommunity(ctx.db, { name: `Pacing ${randomLetters()}` }, [member.id]);
    const post = await ask('POST', '/api/forumPosts', member, { title: 'Pacing', content: 'Call her at 416-555-0199', communityId: community.id }, FRENCH);
    expect(post).toMatchObject({ status: 409, body: { code: 'LOOKS_IDENTIFYING' } });
    expect(post.body.msg).toMatch(/^La publication semble contenir un numéro de téléphone\. Des collègues de tout le réseau/);
    expect(await ask('POST', '/api/users/logout', member, undefined, FRENCH)).toEqual({ status: 200, body: { msg: 'Vous êtes maintenant déconnecté.' } });
  });

  it('says a group refusal and a file refusal, with its values, in French', async () => {
    const member = await createUser(ctx.db);
    expect(await ask('GET', '/api/groups/00000000-0000-4000-8000-000000000000', member, undefined, FRENCH))
      .toEqual({ status: 404, body: { msg: 'Groupe introuvable.', code: 'NOT_FOUND' } });
    expect(await ask('GET', '/api/groups/00000000-0000-4000-8000-000000000000', member))
      .toEqual({ status: 404, body: { msg: 'Group not found.', code: 'NOT_FOUND' } });
    const upload = (headers: Record<string, string> = {}) =>
      postFiles(ctx.app, member, '/api/files', [{ filename: 'notes.pdf', bytes: Buffer.from('Plain words, not a PDF.\n') }], headers).then((r) => r.json());
    expect(await upload(FRENCH)).toEqual({
      code: 'UNSUPPORTED_MEDIA_TYPE', msg: 'Ce fichier s’appelle .pdf, mais son contenu est du texte brut. Renommez-le ou choisissez un autre fichier.',
    });
    expect((await upload()).msg).toBe('This file is named .pdf but its contents are plain text. Rename it or choose another file.');
  });

  it('says a chat refusal in the member\'s chosen language, whatever the browser asks', async () => {
    const member = await createUser(ctx.db, { locale: 'fr-CA' });
    expect(await ask('POST', '/api/conversations', member, { recipientId: member.id }, { 'accept-language': 'en' }))
      .toMatchObject({ status: 400, body: { msg: 'Vous ne pouvez pas entamer une conversation avec vous-même.' } });
  });
});
