import { IdParams, MessageResponse } from '../../../common/ids.ts';
import {
  AnswerBody, CreateGroupBody, GroupDetail, GroupListQuery, GroupPage, InvitationAnswer, InvitationParams, InviteBody, JoinRequestBody,
  MemberParams, MyInvitations, PatchGroupBody,
} from '../../../common/groups.ts';
import type { App, AppContext } from '../../context.ts';
import { currentUser, verified } from '../../lib/auth.ts';
import { casesRoutes } from './cases-routes.ts';
import { answerInvitation, invite, myInvitations, removeMember, requestToJoin } from './membership.ts';
import { meetingsRoutes } from './meetings-routes.ts';
import { createGroup, deleteGroup, listGroups, readGroup, updateGroup } from './service.ts';

/** Consultation groups (docs/decisions/0235): verified members only; administrators see listed cards, never cases. */
export function groupsRoutes(app: App, ctx: AppContext): void {
  app.post('/api/groups', {
    onRequest: verified, config: { idempotent: true }, schema: { body: CreateGroupBody, response: { 201: GroupDetail } },
  }, async (request, reply) => reply.code(201).send(await createGroup(ctx, currentUser(request), request.body)));

  app.get('/api/groups', {
    onRequest: verified, schema: { querystring: GroupListQuery, response: { 200: GroupPage } },
  }, async (request) => listGroups(ctx, currentUser(request), request.query));

  app.get('/api/groups/:id', {
    onRequest: verified, schema: { params: IdParams, response: { 200: GroupDetail } },
  }, async (request) => readGroup(ctx, currentUser(request), request.params));

  app.patch('/api/groups/:id', {
    onRequest: verified, schema: { params: IdParams, body: PatchGroupBody, response: { 200: GroupDetail } },
  }, async (request) => updateGroup(ctx, currentUser(request), request.params.id, request.body));

  app.delete('/api/groups/:id', {
    onRequest: verified, schema: { params: IdParams, response: { 200: MessageResponse } },
  }, async (request) => deleteGroup(ctx, currentUser(request), request.params.id));

  app.post('/api/groups/:id/invitations', {
    onRequest: verified, config: { idempotent: true }, schema: { params: IdParams, body: InviteBody, response: { 201: InvitationAnswer } },
  }, async (request, reply) => reply.code(201).send(await invite(ctx, currentUser(request), request.params.id, request.body.userId)));

  app.patch('/api/groups/:id/invitations/:invitationId', {
    onRequest: verified, schema: { params: InvitationParams, body: AnswerBody, response: { 200: InvitationAnswer } },
  }, async (request) => answerInvitation(ctx, currentUser(request), request.params.id, request.params.invitationId, request.body.accept));

  app.post('/api/groups/:id/join-requests', {
    onRequest: verified, config: { idempotent: true }, schema: { params: IdParams, body: JoinRequestBody, response: { 201: InvitationAnswer } },
  }, async (request, reply) => reply.code(201).send(await requestToJoin(ctx, currentUser(request), request.params.id, request.body.message)));

  app.delete('/api/groups/:id/members/:userId', {
    onRequest: verified, schema: { params: MemberParams, response: { 200: MessageResponse } },
  }, async (request) => removeMember(ctx, currentUser(request), request.params.id, request.params.userId));

  app.get('/api/users/me/group-invitations', {
    onRequest: verified, schema: { response: { 200: MyInvitations } },
  }, async (request) => myInvitations(ctx, currentUser(request)));

  meetingsRoutes(app, ctx);
  casesRoutes(app, ctx);
}

