// The account's security routes: two-factor sign-in, sessions, password and email change.
// Pending members use them too (guard `authenticated`): securing an account does not wait for the licence.
import { AccessLogQuery, AccessLogSchema } from '../../../common/audit.ts';
import { MessageResponse } from '../../../common/ids.ts';
import {
  ChangeEmailBody, ChangePasswordBody, CodeSignInResponse, ConfirmEmailBody, EndedSessionsResponse, MfaLoginBody, RecoveryCodesResponse, SessionIdParams,
  SessionsPageSchema, SessionsQuery, TEXTS, TwoFactorCodeBody, TwoFactorDisableBody, TwoFactorSetupBody, TwoFactorSetupResponse, TwoFactorStatusSchema,
} from '../../../common/security.ts';
import type { App, AppContext } from '../../context.ts';
import { authenticated, currentUser } from '../../lib/auth.ts';
import { setPageSession } from '../../lib/page-session.ts';
import { accessLog } from './access-log.ts';
import * as credentials from './credentials.ts';
import * as emailChange from './email-change.ts';
import { loginWithCode } from './mfa-sign-in.ts';
import * as sessions from './sessions.ts';
import * as twoFactor from './two-factor.ts';

export function securityRoutes(app: App, ctx: AppContext): void {
  app.post('/api/users/login/2fa', { schema: { body: MfaLoginBody, response: { 200: CodeSignInResponse } } }, async (request, reply) => {
    const signedIn = await loginWithCode(ctx, request.user, { ...request.body, ip: request.ip, userAgent: request.headers['user-agent'] });
    setPageSession(request, reply, signedIn.token, ctx.config.session.maxAgeMs);
    return signedIn;
  });

  app.get('/api/users/me/2fa', { onRequest: authenticated, schema: { response: { 200: TwoFactorStatusSchema } } },
    async (request) => twoFactor.status(ctx, currentUser(request)));

  app.post('/api/users/me/2fa/setup', {
    onRequest: authenticated, schema: { body: TwoFactorSetupBody, response: { 200: TwoFactorSetupResponse } },
  }, async (request) => twoFactor.setup(ctx, currentUser(request), request.body));

  app.post('/api/users/me/2fa/enable', {
    onRequest: authenticated, schema: { body: TwoFactorCodeBody, response: { 200: RecoveryCodesResponse } },
  }, async (request) => ({ recoveryCodes: await twoFactor.enable(ctx, currentUser(request), request.body) }));

  app.post('/api/users/me/2fa/disable', {
    onRequest: authenticated, schema: { body: TwoFactorDisableBody, response: { 200: MessageResponse } },
  }, async (request) => {
    await twoFactor.disable(ctx, currentUser(request), request.body);
    return { msg: TEXTS.twoFactorOff };
  });

  app.get('/api/users/me/sessions', {
    onRequest: authenticated, schema: { querystring: SessionsQuery, response: { 200: SessionsPageSchema } },
  }, async (request) => sessions.listSessions(ctx, currentUser(request), request.query));

  app.delete('/api/users/me/sessions/:id', {
    onRequest: authenticated, schema: { params: SessionIdParams, response: { 200: MessageResponse } },
  }, async (request) => {
    await sessions.endSession(ctx, currentUser(request), request.params);
    return { msg: TEXTS.sessionEnded };
  });

  app.delete('/api/users/me/sessions', { onRequest: authenticated, schema: { response: { 200: EndedSessionsResponse } } },
    async (request) => ({ msg: TEXTS.sessionsEnded, ended: await sessions.endOtherSessions(ctx, currentUser(request)) }));

  app.get('/api/users/me/access-log', {
    onRequest: authenticated, schema: { querystring: AccessLogQuery, response: { 200: AccessLogSchema } },
  }, async (request) => accessLog(ctx, currentUser(request), request.query));

  app.post('/api/users/me/password', {
    onRequest: authenticated, schema: { body: ChangePasswordBody, response: { 200: MessageResponse } },
  }, async (request) => {
    await credentials.changePassword(ctx, currentUser(request), { ...request.body, locale: request.locale });
    return { msg: TEXTS.passwordChanged };
  });

  app.post('/api/users/me/email', {
    onRequest: authenticated, schema: { body: ChangeEmailBody, response: { 200: MessageResponse } },
  }, async (request) => {
    await emailChange.requestEmailChange(ctx, currentUser(request), { ...request.body, locale: request.locale });
    return { msg: TEXTS.emailSent };
  });

  app.post('/api/users/confirm-email', { schema: { body: ConfirmEmailBody, response: { 200: MessageResponse } } }, async (request) => {
    await emailChange.confirmEmailChange(ctx, request.user, { ...request.body, locale: request.locale });
    return { msg: TEXTS.emailChanged };
  });
}
