import {
  AccountPreferencesBody, ForgotPasswordBody, LicenceUpdateBody, LicenceUpdateResponse, LoginBody, LoginResponse, MeSchema, RegisterBody,
  REGISTERED, REGISTERED_ADDRESS_TAKEN, RegisterResponse, ResetPasswordBody, ResetPasswordParams,
} from '../../../common/accounts.ts';
import { MessageResponse } from '../../../common/ids.ts';
import type { App, AppContext } from '../../context.ts';
import { authenticated, currentUser } from '../../lib/auth.ts';
import { chosenLocale } from '../../lib/i18n.ts';
import { clearPageSession, setPageSession } from '../../lib/page-session.ts';
import { passkeyRoutes } from './passkey-routes.ts';
import { securityRoutes } from './security-routes.ts';
import * as accounts from './service.ts';

export function accountsRoutes(app: App, ctx: AppContext): void {
  app.post('/api/users/register', { schema: { body: RegisterBody, response: { 201: RegisterResponse } } }, async (request, reply) => {
    const token = await accounts.register(ctx, request.user, {
      ...request.body, ip: request.ip, userAgent: request.headers['user-agent'], locale: request.locale,
      chosenLocale: chosenLocale(request.headers),
    });
    if (!token) return reply.code(201).send({ msg: REGISTERED_ADDRESS_TAKEN });
    setPageSession(request, reply, token, ctx.config.session.maxAgeMs);
    return reply.code(201).send({ msg: REGISTERED, token });
  });

  app.post('/api/users/login', { schema: { body: LoginBody, response: { 200: LoginResponse } } }, async (request, reply) => {
    const result = await accounts.login(ctx, request.user, { ...request.body, ip: request.ip, userAgent: request.headers['user-agent'] });
    if ('token' in result) setPageSession(request, reply, result.token, ctx.config.session.maxAgeMs);
    return result;
  });

  // The app's session check, at every start: it also gives the page cookie to a browser that has a token without one
  // (signed in before the cookie existed, or the cookie was lost), docs/decisions/0104.
  app.get('/api/users/me', { onRequest: authenticated, schema: { response: { 200: MeSchema } } }, async (request, reply) => {
    setPageSession(request, reply, request.headers['x-auth-token'] as string, ctx.config.session.maxAgeMs);
    return accounts.me(ctx, currentUser(request));
  });

  app.patch('/api/users/me', {
    onRequest: authenticated, schema: { body: AccountPreferencesBody, response: { 200: MeSchema } },
  }, async (request) => accounts.updatePreferences(ctx, currentUser(request), request.body));

  app.post('/api/users/logout', { onRequest: authenticated, schema: { response: { 200: MessageResponse } } }, async (request, reply) => {
    await accounts.logout(ctx, currentUser(request));
    clearPageSession(request, reply);
    return { msg: 'You have been logged out.' };
  });

  app.post('/api/users/forgot-password', { schema: { body: ForgotPasswordBody, response: { 200: MessageResponse } } }, async (request) => {
    return { msg: await accounts.forgotPassword(ctx, request.user, { ...request.body, ip: request.ip, locale: request.locale }) };
  });

  app.post('/api/users/reset-password/:token', {
    schema: { params: ResetPasswordParams, body: ResetPasswordBody, response: { 200: MessageResponse } },
  }, async (request) => {
    await accounts.resetPassword(ctx, request.user, { ...request.params, ...request.body });
    return { msg: 'Your password has been reset. Please log in with your new password.' };
  });

  app.put('/api/users/me/licence', {
    onRequest: authenticated, schema: { body: LicenceUpdateBody, response: { 200: LicenceUpdateResponse } },
  }, async (request) => accounts.updateLicence(ctx, currentUser(request), request.body));

  securityRoutes(app, ctx);
  passkeyRoutes(app, ctx);
}
