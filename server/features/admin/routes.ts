import {
  TWO_FACTOR_RESET, AdminQueueCounts, DisableUserBody, NameChangeQueue, NameDecisionBody, NameDecisionResponse, PageQuery, UserDisabledResponse, UserIdParams, VerificationDecisionBody, VerificationDecisionResponse, VerificationQueue,
} from '../../../common/admin.ts';
import { z } from 'zod';
import { AuditPageSchema, AuditQuery, ChainReportSchema } from '../../../common/audit.ts';
import { MessageResponse } from '../../../common/ids.ts';
import { LegalHold, LegalHoldBody, RetentionSettings } from '../../../common/retention.ts';
import type { App, AppContext } from '../../context.ts';
import { adminOnly, currentUser } from '../../lib/auth.ts';
import { verifyAuditChain } from '../../lib/audit-chain.ts';
import { ForumPrivacySetting } from '../../../common/privacy-check.ts';
import { exportAuditCsv, listAudit } from './audit.ts';
import { readForumPrivacy, saveForumPrivacy } from './forum-privacy.ts';
import { SecurityPolicySchema } from '../../../common/security-policy.ts';
import { getSecurityPolicy, updateSecurityPolicy } from './security-policy.ts';
import { adminQueueCounts } from './queue-counts.ts';
import * as nameChanges from './name-changes.ts';
import { readLegalHold, readRetention, setLegalHold, updateRetention } from './retention.ts';
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

  auditRoutes(app, ctx);

  app.get('/api/admin/security-policy', { onRequest: adminOnly, schema: { response: { 200: SecurityPolicySchema } } },
    async () => getSecurityPolicy(ctx));

  app.put('/api/admin/security-policy', {
    onRequest: adminOnly, schema: { body: SecurityPolicySchema, response: { 200: SecurityPolicySchema } },
  }, async (request) => updateSecurityPolicy(ctx, currentUser(request), request.body));

  app.get('/api/admin/retention', { onRequest: adminOnly, schema: { response: { 200: RetentionSettings } } },
    async () => readRetention(ctx));

  app.put('/api/admin/retention', { onRequest: adminOnly, schema: { body: RetentionSettings, response: { 200: RetentionSettings } } },
    async (request) => updateRetention(ctx, currentUser(request), request.body));

  app.get('/api/admin/users/:userId/legal-hold', { onRequest: adminOnly, schema: { params: UserIdParams, response: { 200: LegalHold } } },
    async (request) => readLegalHold(ctx, request.params.userId));

  app.put('/api/admin/users/:userId/legal-hold', {
    onRequest: adminOnly, schema: { params: UserIdParams, body: LegalHoldBody, response: { 200: LegalHold } },
  }, async (request) => setLegalHold(ctx, currentUser(request), request.params.userId, request.body));

  app.get('/api/admin/forum-privacy', { onRequest: adminOnly, schema: { response: { 200: ForumPrivacySetting } } },
    async () => readForumPrivacy(ctx));

  app.put('/api/admin/forum-privacy', {
    onRequest: adminOnly, schema: { body: ForumPrivacySetting, response: { 200: ForumPrivacySetting } },
  }, async (request) => saveForumPrivacy(ctx, currentUser(request), request.body));
}

const Csv = z.string().describe('text/csv');
// Never kept by a browser or a proxy: the trail names members and addresses.
const csvReply = (csv: string) => ({ csv, headers: {
  'content-type': 'text/csv; charset=utf-8', 'cache-control': 'private, no-store',
  'content-disposition': 'attachment; filename="audit-trail.csv"',
} });

/** The access audit trail: filtered cursor pages, the same as CSV, and its hash chain's verification. */
function auditRoutes(app: App, ctx: AppContext): void {
  app.get('/api/admin/audit', {
    onRequest: adminOnly, schema: { querystring: AuditQuery, response: { 200: z.union([AuditPageSchema, Csv]) } },
  }, async (request, reply) => {
    // Asking for CSV by name is enough: JSON stays the answer to browsers' and clients' generic Accept headers.
    if (!/\btext\/csv\b/i.test(request.headers.accept ?? '')) {
      return listAudit(ctx, currentUser(request), request.query);
    }
    const { csv, headers } = csvReply(await exportAuditCsv(ctx, currentUser(request), request.query));
    return reply.headers(headers).send(csv);
  });

  app.get('/api/admin/audit.csv', { onRequest: adminOnly, schema: { querystring: AuditQuery, response: { 200: Csv } } },
    async (request, reply) => {
      const { csv, headers } = csvReply(await exportAuditCsv(ctx, currentUser(request), request.query));
      return reply.headers(headers).send(csv);
    });

  app.get('/api/admin/audit/verify', { onRequest: adminOnly, schema: { response: { 200: ChainReportSchema } } },
    async () => verifyAuditChain(ctx.db));
}
