import { PageQuery } from '../../../common/admin.ts';
import { DisableUserBody, VerificationDecisionBody } from '../../../common/accounts.ts';
import { IdSchema } from '../../../common/ids.ts';
import { z } from 'zod';
import type { App, AppContext } from '../../context.ts';
import { adminOnly, requireAdmin } from '../../lib/auth.ts';
import { verificationService } from './verifications.ts';
import { auditRoutes } from './audit.ts';

const UserParams = z.object({ userId: IdSchema });

export function adminRoutes(app: App, ctx: AppContext): void {
  const verifications = verificationService(ctx);
  auditRoutes(app, ctx);

  app.get('/api/admin/verifications', { onRequest: adminOnly, schema: { querystring: PageQuery } }, async (request) => {
    return verifications.queue(request.query.page, request.query.limit);
  });

  app.patch('/api/admin/verifications/:userId', {
    onRequest: adminOnly, schema: { params: UserParams, body: VerificationDecisionBody },
  }, async (request) => verifications.decide(requireAdmin(request), request.params.userId, request.body));

  app.patch('/api/admin/users/:userId', {
    onRequest: adminOnly, schema: { params: UserParams, body: DisableUserBody },
  }, async (request) => verifications.setDisabled(requireAdmin(request), request.params.userId, request.body.disabled));
}
