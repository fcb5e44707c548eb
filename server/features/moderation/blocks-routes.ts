import { BLOCK_TEXTS, BlockedList, PrivacySettings, UpdatePrivacyBody } from '../../../common/blocks.ts';
import { IdParams, MessageResponse } from '../../../common/ids.ts';
import type { App, AppContext } from '../../context.ts';
import { authenticated, currentUser } from '../../lib/auth.ts';
import * as blocks from './blocks.ts';

/**
 * Blocking members (/api/users/{id}/block, /api/users/me/blocked) and "Who can message me" (/api/users/me/privacy).
 * Every signed-in member, pending ones included: blocking is a safety tool.
 */
export function blocksRoutes(app: App, ctx: AppContext): void {
  app.post('/api/users/:id/block', {
    onRequest: authenticated, schema: { params: IdParams, response: { 200: MessageResponse } },
  }, async (request) => {
    await blocks.blockMember(ctx, currentUser(request), request.params);
    return { msg: BLOCK_TEXTS.blocked };
  });

  app.delete('/api/users/:id/block', {
    onRequest: authenticated, schema: { params: IdParams, response: { 200: MessageResponse } },
  }, async (request) => {
    await blocks.unblockMember(ctx, currentUser(request), request.params);
    return { msg: BLOCK_TEXTS.unblocked };
  });

  app.get('/api/users/me/blocked', {
    onRequest: authenticated, schema: { response: { 200: BlockedList } },
  }, async (request) => blocks.listBlocked(ctx, currentUser(request)));

  app.get('/api/users/me/privacy', {
    onRequest: authenticated, schema: { response: { 200: PrivacySettings } },
  }, async (request) => blocks.getPrivacy(ctx, currentUser(request)));

  app.put('/api/users/me/privacy', {
    onRequest: authenticated, schema: { body: UpdatePrivacyBody, response: { 200: PrivacySettings } },
  }, async (request) => blocks.setPrivacy(ctx, currentUser(request), request.body));
}
