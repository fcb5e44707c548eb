import type { FastifyRequest } from 'fastify';
import { IdParams } from '../../../common/ids.ts';
import {
  BoardItem, BoardPage, BoardQuery, CreateReferralBody, OfferBody, OfferParams, PatchReferralBody, ReferralCounts,
  ReferralListQuery, ReferralPage, ReferralSchema, ReferralStats, REFERRAL_ADMIN_TEXT, SuggestionsQuery, SuggestionsResponse,
} from '../../../common/referrals.ts';
import type { App, AppContext } from '../../context.ts';
import { adminOnly, currentUser, isAdmin, requireVerified, verified } from '../../lib/auth.ts';
import { forbidden } from '../../lib/errors.ts';
import { acceptOffer, listBoard, makeOffer } from './board.ts';
import { createReferral, listReferrals, readReferral, referralCounts, referralStats } from './requests.ts';
import { updateReferral } from './responses.ts';
import { suggest } from './suggestions.ts';
import { myInsights, platformInsights } from './insights.ts';
import { InsightsQuery, MyInsights, PlatformInsights } from '../../../common/referral-insights.ts';
import { reads } from '../../lib/read-routing.ts';

/**
 * Sending and offering to take referrals is for verified therapists: administrators run the platform and see counts
 * (GET /api/admin/referrals/stats), never a referral (docs/decisions/0051).
 */
const therapist = async (request: FastifyRequest) => {
  const user = requireVerified(request);
  if (isAdmin(user)) throw forbidden(REFERRAL_ADMIN_TEXT);
};

/** Referral requests between therapists: send, suggestions, boxes, answers, the board and its offers. */
export function referralsRoutes(app: App, ctx: AppContext): void {
  app.post('/api/referrals', {
    onRequest: therapist, config: { idempotent: true }, schema: { body: CreateReferralBody, response: { 201: ReferralSchema } },
  }, async (request, reply) => reply.code(201).send(await createReferral(ctx, currentUser(request), request.body)));

  app.get('/api/referrals/suggestions', {
    onRequest: verified, schema: { querystring: SuggestionsQuery, response: { 200: SuggestionsResponse } },
  }, async (request) => suggest(await reads(ctx, request), currentUser(request), request.query));

  app.get('/api/referrals', {
    onRequest: verified, schema: { querystring: ReferralListQuery, response: { 200: ReferralPage } },
  }, async (request) => listReferrals(ctx, currentUser(request), request.query));

  app.get('/api/referrals/counts', {
    onRequest: verified, schema: { response: { 200: ReferralCounts } },
  }, async (request) => referralCounts(await reads(ctx, request), currentUser(request)));

  app.get('/api/referrals/insights', {
    onRequest: therapist, schema: { querystring: InsightsQuery, response: { 200: MyInsights } },
  }, async (request) => myInsights(ctx, currentUser(request), request.query));

  app.get('/api/referrals/board', {
    onRequest: verified, schema: { querystring: BoardQuery, response: { 200: BoardPage } },
  }, async (request) => listBoard(ctx, currentUser(request), request.query));

  app.get('/api/referrals/:id', {
    onRequest: verified, schema: { params: IdParams, response: { 200: ReferralSchema } },
  }, async (request) => readReferral(ctx, currentUser(request), request.params));

  app.patch('/api/referrals/:id', {
    onRequest: verified, schema: { params: IdParams, body: PatchReferralBody, response: { 200: ReferralSchema } },
  }, async (request) => updateReferral(ctx, currentUser(request), { ...request.params, ...request.body }));

  app.post('/api/referrals/:id/offers', {
    onRequest: therapist, config: { idempotent: true }, schema: { params: IdParams, body: OfferBody, response: { 201: BoardItem } },
  }, async (request, reply) => reply.code(201).send(await makeOffer(ctx, currentUser(request), { ...request.params, ...request.body })));

  app.post('/api/referrals/:id/offers/:offerId/accept', {
    onRequest: verified, schema: { params: OfferParams, response: { 200: ReferralSchema } },
  }, async (request) => acceptOffer(ctx, currentUser(request), request.params));

  app.get('/api/admin/referrals/stats', {
    onRequest: adminOnly, schema: { response: { 200: ReferralStats } },
  }, async (request) => referralStats(ctx, currentUser(request)));

  app.get('/api/admin/referrals/insights', {
    onRequest: adminOnly, schema: { querystring: InsightsQuery, response: { 200: PlatformInsights } },
  }, async (request) => platformInsights(ctx, currentUser(request), request.query));
}
