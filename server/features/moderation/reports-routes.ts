import {
  CreateReportBody, OpenConversationBody, ReportedConversation, ReportIdParams, ReportListQuery, ReportPage, ReportReceipt, ReviewReportBody, ReviewResult,
} from '../../../common/moderation.ts';
import type { App, AppContext } from '../../context.ts';
import { adminOnly, currentUser, verified } from '../../lib/auth.ts';
import { openReportedConversation } from './reported-conversation.ts';
import * as reports from './reports.ts';

/** Reporting content (POST /api/reports) and reviewing reports (/api/admin/reports). */
export function reportsRoutes(app: App, ctx: AppContext): void {
  app.post('/api/reports', { onRequest: verified, config: { idempotent: true }, schema: { body: CreateReportBody, response: { 201: ReportReceipt } } },
    async (request, reply) => reply.code(201).send(await reports.createReport(ctx, currentUser(request), request.body)));

  app.get('/api/admin/reports', { onRequest: adminOnly, schema: { querystring: ReportListQuery, response: { 200: ReportPage } } },
    async (request) => reports.listReports(ctx, currentUser(request), request.query));

  app.patch('/api/admin/reports/:id', {
    onRequest: adminOnly, schema: { params: ReportIdParams, body: ReviewReportBody, response: { 200: ReviewResult } },
  }, async (request) => reports.reviewReport(ctx, currentUser(request), { ...request.params, ...request.body }));

  // A POST: the reading is written to the audit trail with the administrator's reason.
  app.post('/api/admin/reports/:id/conversation', {
    onRequest: adminOnly, schema: { params: ReportIdParams, body: OpenConversationBody, response: { 200: ReportedConversation } },
  }, async (request) => openReportedConversation(ctx, currentUser(request), { ...request.params, ...request.body }));
}
