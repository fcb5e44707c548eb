// Passkeys: a member's own (authenticated: a member made to enrol may add one), and signing in with one.
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { MessageResponse } from '../../../common/ids.ts';
import {
  AddPasskeyBody, MfaPasskeyBody, MfaPasskeyOptionsBody, PASSKEY_TEXTS, PasskeyIdParams, PasskeyLoginBody, PasskeyNameBody,
  PasskeyOptionsBody, PasskeySchema, PasskeysResponse, WebAuthnOptions,
} from '../../../common/security-policy.ts';
import { CodeSignInResponse } from '../../../common/security.ts';
import type { App, AppContext } from '../../context.ts';
import { authenticated, currentUser } from '../../lib/auth.ts';
import { setPageSession } from '../../lib/page-session.ts';
import * as signIn from './passkey-sign-in.ts';
import * as passkeys from './passkeys.ts';

// The body's shape is checked by its zod schema; what the browser's authenticator signed is checked by the library.
const asAssertion = (response: unknown) => response as AuthenticationResponseJSON;

export function passkeyRoutes(app: App, ctx: AppContext): void {
  const caller = (request: { ip: string; headers: { 'user-agent'?: string } }) => ({ ip: request.ip, userAgent: request.headers['user-agent'] });

  app.get('/api/users/me/passkeys', { onRequest: authenticated, schema: { response: { 200: PasskeysResponse } } },
    async (request) => ({ passkeys: await passkeys.listPasskeys(ctx, currentUser(request)) }));

  app.post('/api/users/me/passkeys/options', {
    onRequest: authenticated, schema: { body: PasskeyOptionsBody, response: { 200: WebAuthnOptions } },
  }, async (request) => ({ ...await passkeys.startAdding(ctx, currentUser(request), request.body) }));

  app.post('/api/users/me/passkeys', {
    onRequest: authenticated, schema: { body: AddPasskeyBody, response: { 201: PasskeySchema } },
  }, async (request, reply) => reply.code(201).send(await passkeys.addPasskey(ctx, currentUser(request), {
    name: request.body.name, response: request.body.response as RegistrationResponseJSON,
  })));

  app.patch('/api/users/me/passkeys/:id', {
    onRequest: authenticated, schema: { params: PasskeyIdParams, body: PasskeyNameBody, response: { 200: MessageResponse } },
  }, async (request) => {
    await passkeys.renamePasskey(ctx, currentUser(request), { ...request.params, ...request.body });
    return { msg: PASSKEY_TEXTS.renamed };
  });

  app.delete('/api/users/me/passkeys/:id', {
    onRequest: authenticated, schema: { params: PasskeyIdParams, response: { 200: MessageResponse } },
  }, async (request) => {
    await passkeys.removePasskey(ctx, currentUser(request), request.params);
    return { msg: PASSKEY_TEXTS.removed };
  });

  app.post('/api/users/login/passkey/options', { schema: { response: { 200: WebAuthnOptions } } },
    async (request) => ({ ...await signIn.signInOptions(ctx, caller(request)) }));

  app.post('/api/users/login/passkey', { schema: { body: PasskeyLoginBody, response: { 200: CodeSignInResponse } } }, async (request, reply) => {
    const token = await signIn.signInWithPasskey(ctx, { ...caller(request), response: asAssertion(request.body.response) });
    setPageSession(request, reply, token, ctx.config.session.maxAgeMs);
    return { token };
  });

  app.post('/api/users/login/2fa/passkey/options', { schema: { body: MfaPasskeyOptionsBody, response: { 200: WebAuthnOptions } } },
    async (request) => ({ ...await signIn.secondFactorOptions(ctx, request.body) }));

  app.post('/api/users/login/2fa/passkey', { schema: { body: MfaPasskeyBody, response: { 200: CodeSignInResponse } } }, async (request, reply) => {
    const token = await signIn.secondFactorWithPasskey(ctx, { ...caller(request), mfaToken: request.body.mfaToken, response: asAssertion(request.body.response) });
    setPageSession(request, reply, token, ctx.config.session.maxAgeMs);
    return { token };
  });
}
