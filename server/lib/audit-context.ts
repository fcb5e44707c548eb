// Where an audited action came from (decision 0180): the request being answered, kept in an AsyncLocalStorage from
// its first hook, so recordAudit fills request id and client address without every service passing them down.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';

type Origin = { requestId: string; clientAddress: string };
const origins = new AsyncLocalStorage<Origin>();

/** The request whose handling is running now, or undefined outside one (jobs, tests calling services directly). */
export function requestOrigin(): Origin | undefined {
  return origins.getStore();
}

/** Register first: every later hook and the handler run inside the store this hook enters. */
export function registerAuditContext(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    origins.run({ requestId: request.id, clientAddress: request.ip }, done);
  });
}

