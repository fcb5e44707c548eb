import type { FastifyReply } from 'fastify';

/**
 * Sends JSON text that PostgreSQL wrote (the feed, the notifications' pages): a string with a JSON content type is sent
 * as it is, Fastify does not serialise it again, so the route's response schema documents it without re-validating it
 * on a hot path (each feature's tests check its pages against the schema).
 */
export const sendJsonText = (reply: FastifyReply, json: string) => reply.type('application/json; charset=utf-8').send(json);
