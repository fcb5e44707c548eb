// The page credential (docs/decisions/0104): an HttpOnly cookie holding the session's token, so the server knows the
// member when the browser asks for a page by its address and can render their screen. It is honoured ONLY to render a
// page (server/lib/member-page.ts): the auth hook reads the x-auth-token header alone, so /api and the socket never
// accept it, and a cross-site request can do nothing with it (SameSite=Strict keeps it off cross-site requests anyway).
// It is as good as its session and no better: a revoked session's cookie renders the plain page.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PAGE_SESSION_COOKIE } from '../../common/member-page.ts';

// A token is 43 characters (tokens.ts); anything much longer is not one.
const MAX_TOKEN_LENGTH = 200;

/** The token in the request's page cookie, if any (the last one if it is sent twice). */
export function pageSessionToken(request: FastifyRequest): string | undefined {
  let token: string | undefined;
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, value] = part.trim().split('=', 2);
    if (name === PAGE_SESSION_COOKIE && value) token = value;
  }
  return token && token.length <= MAX_TOKEN_LENGTH && /^[\w-]+$/.test(token) ? token : undefined;
}

function cookie(value: string, maxAgeSeconds: number, request: FastifyRequest): string {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  return `${PAGE_SESSION_COOKIE}=${value}; Max-Age=${maxAgeSeconds}; Path=/; HttpOnly; SameSite=Strict${secure}`;
}

/** Sets the page cookie to `token` unless the request already carries it; it lasts as long as a session may. */
export function setPageSession(request: FastifyRequest, reply: FastifyReply, token: string, maxAgeMs: number): void {
  if (pageSessionToken(request) === token) return;
  reply.header('Set-Cookie', cookie(token, Math.floor(maxAgeMs / 1000), request));
}

/** Removes the page cookie (sign-out, a session found ended). */
export function clearPageSession(request: FastifyRequest, reply: FastifyReply): void {
  if (pageSessionToken(request) === undefined && !(request.headers.cookie ?? '').includes(`${PAGE_SESSION_COOKIE}=`)) return;
  reply.header('Set-Cookie', cookie('', 0, request));
}
