import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

// No inline script and no third-party origins: the session token lives in localStorage, and this is what guards it.
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  // Mantine sets style attributes and injects its CSS variables; styles cannot run code.
  "style-src 'self' 'unsafe-inline'",
  // Avatars are member-supplied https URLs (from any host until uploads exist); Markdown images render as links, so
  // nothing else a member writes loads an image. data: is the bundler's inlined small assets.
  "img-src 'self' data: https:",
  "font-src 'self' data:",
  // The API and socket.io are on this origin ('self' covers its ws:/wss: too): no script may send data elsewhere.
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * A JSON answer to a request that carries a session token is that member's own: no shared cache or browser cache may
 * keep it (a shared computer's back button, a proxy). A route that chose its own Cache-Control keeps it.
 */
function isPrivateJson(request: FastifyRequest, reply: FastifyReply): boolean {
  if (reply.hasHeader('Cache-Control')) return false;
  const type = reply.getHeader('Content-Type');
  if (typeof type !== 'string' || !type.startsWith('application/json')) return false;
  return request.user !== null || request.headers['x-auth-token'] !== undefined;
}

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    // A route serving members' files sets its own (`sandbox`): anything else gets the app's.
    if (!reply.hasHeader('Content-Security-Policy')) reply.header('Content-Security-Policy', CSP);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    reply.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    if (isPrivateJson(request, reply)) reply.header('Cache-Control', 'private, no-store');
  });
}
