import { z } from 'zod';
import type { App, AppContext } from '../../context.ts';
import { currentUser, verified } from '../../lib/auth.ts';
import { IdParams, MessageResponse } from '../../../common/ids.ts';
import { PushDevice, PushDevices, PushPublicKey, PushSubscriptionBody } from '../../../common/push.ts';
import * as push from './push-subscriptions.ts';

/**
 * Push notifications: the public key needs no session (a browser asks for it before subscribing); a verified member
 * manages their own devices only.
 */
export function pushRoutes(app: App, ctx: AppContext): void {
  app.get('/api/push/public-key', { schema: { response: { 200: PushPublicKey } } }, async () => push.publicKey(ctx));

  app.post('/api/users/me/push-subscriptions', {
    onRequest: verified, schema: { body: PushSubscriptionBody, response: { 201: PushDevice } },
  }, async (request, reply) => reply.code(201).send(await push.subscribe(ctx, currentUser(request), request.body)));

  app.get('/api/users/me/push-subscriptions', { onRequest: verified, schema: { response: { 200: PushDevices } } },
    async (request) => push.listDevices(ctx, currentUser(request)));

  app.delete('/api/users/me/push-subscriptions/:id', {
    onRequest: verified, schema: { params: IdParams, response: { 200: MessageResponse } },
  }, async (request) => {
    await push.removeDevice(ctx, currentUser(request), request.params);
    return { msg: 'Device removed.' };
  });

  app.post('/api/users/me/push-subscriptions/test', {
    onRequest: verified, schema: { response: { 200: z.object({ sent: z.number() }) } },
  }, async (request) => push.testPush(ctx, currentUser(request)));
}
