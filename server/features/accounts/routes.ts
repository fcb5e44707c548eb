import {
  ForgotPasswordBody, LicenceUpdateBody, LicenceUpdateResponse, LoginBody, LoginResponse, MeSchema, RegisterBody,
  ResetPasswordBody, ResetPasswordParams,
} from '../../../common/accounts.ts';
import { MessageResponse } from '../../../common/ids.ts';
import type { App, AppContext } from '../../context.ts';
import { authenticated, currentUser } from '../../lib/auth.ts';
import { securityRoutes } from './security-routes.ts';
import * as accounts from './service.ts';

export function accountsRoutes(app: App, ctx: AppContext): void {
  app.post('/api/users/register', { schema: { body: RegisterBody, response: { 201: MessageResponse } } }, async (request, reply) => {
    await accounts.register(ctx, request.user, { ...request.body, ip: request.ip, log: request.log });
    return reply.code(201).send({ msg: 'Registration successful. An administrator will verify your licence.' });
  });

  app.post('/api/users/login', { schema: { body: LoginBody, response: { 200: LoginResponse } } }, async (request) => {
    return accounts.login(ctx, request.user, { ...request.body, ip: request.ip, userAgent: request.headers['user-agent'] });
  });

  app.get('/api/users/me', { onRequest: authenticated, schema: { response: { 200: MeSchema } } },
    async (request) => accounts.me(ctx, currentUser(request)));

  app.post('/api/users/logout', { onRequest: authenticated, schema: { response: { 200: MessageResponse } } }, async (request) => {
    await accounts.logout(ctx, currentUser(request));
    return { msg: 'You have been logged out.' };
  });

  app.post('/api/users/forgot-password', { schema: { body: ForgotPasswordBody, response: { 200: MessageResponse } } }, async (request) => {
    return { msg: await accounts.forgotPassword(ctx, request.user, { ...request.body, ip: request.ip, log: request.log }) };
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
}
