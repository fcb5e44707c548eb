import {
  ForgotPasswordBody, LicenceUpdateBody, LoginBody, MeSchema, RegisterBody, ResetPasswordBody,
} from '../../../common/accounts.ts';
import { MessageResponse } from '../../../common/ids.ts';
import { z } from 'zod';
import type { App, AppContext } from '../../context.ts';
import { authenticated, requireUser, revokeSession } from '../../lib/auth.ts';
import { accountsService } from './service.ts';

export function accountsRoutes(app: App, ctx: AppContext): void {
  const accounts = accountsService(ctx);

  app.post('/api/users/register', { schema: { body: RegisterBody } }, async (request, reply) => {
    await accounts.limits.assertRegisterAllowed(request.ip);
    await accounts.register(request.body, request.log);
    return reply.code(201).send({ msg: 'Registration successful. An administrator will verify your licence.' });
  });

  app.post('/api/users/login', { schema: { body: LoginBody } }, async (request) => {
    const token = await accounts.login(request.body.email, request.body.password, request.ip);
    return { token };
  });

  app.get('/api/users/me', { schema: { response: { 200: MeSchema } } }, async (request) => accounts.me(requireUser(request)));

  app.post('/api/users/logout', { schema: { response: { 200: MessageResponse } } }, async (request) => {
    const { sessionId } = requireUser(request);
    await revokeSession(ctx.db, sessionId);
    ctx.realtime.endSession(sessionId);
    return { msg: 'You have been logged out.' };
  });

  app.post('/api/users/forgot-password', { schema: { body: ForgotPasswordBody } }, async (request) => {
    return { msg: await accounts.forgotPassword(request.body.email, request.ip, request.log) };
  });

  app.post('/api/users/reset-password/:token', {
    schema: { params: z.object({ token: z.string().min(1).max(200) }), body: ResetPasswordBody },
  }, async (request) => {
    await accounts.resetPassword(request.params.token, request.body.password);
    return { msg: 'Your password has been reset. Please log in with your new password.' };
  });

  app.put('/api/users/me/licence', { onRequest: authenticated, schema: { body: LicenceUpdateBody } }, async (request) => {
    return accounts.updateLicence(requireUser(request), request.body);
  });
}
