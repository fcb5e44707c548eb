import type { FastifyInstance } from 'fastify';

// No inline script and no third-party origins: the session token lives in localStorage, and this is what guards it.
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  // Mantine sets style attributes and injects its CSS variables; styles cannot run code.
  "style-src 'self' 'unsafe-inline'",
  // Avatars and resource previews are user-supplied https URLs.
  "img-src 'self' data: https:",
  "font-src 'self' data:",
  "connect-src 'self' ws: wss:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    reply.header('Content-Security-Policy', CSP);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    reply.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  });
}
