import {
  TWO_FACTOR_RESET, AdminQueueCounts, DisableUserBody, NameChangeQueue, NameDecisionBody, NameDecisionResponse, PageQuery, UserDisabledResponse, UserIdParams, VerificationDecisionBody, VerificationDecisionResponse, VerificationQueue,
} from '../../../common/admin.ts';
import { AuditPageSchema, AuditQuery } from '../../../common/audit.ts';
import { MessageResponse } from '../../../common/ids.ts';
import type { App, AppContext } from '../../context.ts';
import { adminOnly, currentUser } from '../../lib/auth.ts';
import { listAudit } from './audit.ts';
import { adminQueueCounts } from './queue-counts.ts';
import * as nameChanges from './name-changes.ts';
import { resetTwoFactor } from './two-factor-reset.ts';
import * as verifications from './verifications.ts';

/** The administrators' own pages: the licence queue, accounts, and the audit log of their actions. */
export function adminRoutes(app: App, ctx: AppContext): void {
  app.get('/api/admin/queue-counts', { onRequest: adminOnly, schema: { response: { 200: AdminQueueCounts } } },
    async () => adminQueueCounts(ctx));

  app.get('/api/admin/verifications', { onRequest: adminOnly, schema: { querystring: PageQuery, response: { 200: VerificationQueue } } },
    async (request) => verifications.verificationQueue(ctx, currentUser(request), request.query));

  app.patch('/api/admin/verifications/:userId', {
    onRequest: adminOnly, schema: { params: UserIdParams, body: VerificationDecisionBody, response: { 200: VerificationDecisionResponse } },
  }, async (request) => verifications.decideVerification(ctx, currentUser(request), { ...request.params, ...request.body }));

  app.get('/api/admin/verifications/names', {
    onRequest: adminOnly, schema: { querystring: PageQuery, response: { 200: NameChangeQueue } },
  }, async (request) => nameChanges.nameChangeQueue(ctx, currentUser(request), request.query));

  app.patch('/api/admin/verifications/:userId/name', {
    onRequest: adminOnly, schema: { params: UserIdParams, body: NameDecisionBody, response: { 200: NameDecisionResponse } },
  }, async (request) => nameChanges.decideNameChange(ctx, currentUser(request), { ...request.params, ...request.body }));

  app.patch('/api/admin/users/:userId', {
    onRequest: adminOnly, schema: { params: UserIdParams, body: DisableUserBody, response: { 200: UserDisabledResponse } },
  }, async (request) => verifications.setUserDisabled(ctx, currentUser(request), { ...request.params, ...request.body }));

  app.post('/api/admin/users/:userId/two-factor/reset', {
    onRequest: adminOnly, schema: { params: UserIdParams, response: { 200: MessageResponse } },
  }, async (request) => {
    await resetTwoFactor(ctx, currentUser(request), request.params);
    return { msg: TWO_FACTOR_RESET.done };
  });

  app.get('/api/admin/audit', { onRequest: adminOnly, schema: { querystring: AuditQuery, response: { 200: AuditPageSchema } } },
    async (request) => listAudit(ctx, currentUser(request), request.query));
}
