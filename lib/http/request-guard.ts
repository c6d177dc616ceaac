import type { IncomingMessage } from 'node:http';
import type { AppConfig } from '../config';

// Requests from elsewhere. Everything that changes state with a browser's cookies must come from a
// page of Atelier itself: server actions, route handlers, next-auth's own endpoints. Endpoints
// authenticated by a bearer key or a secret in their URL are not cookie-authenticated, and exempt.

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const BEARER_PATHS = [/^\/v1\//, /^\/api\/v1\//, /^\/api\/webhooks\//];
/** Cookie-authenticated API routes speak JSON only: a form or text/plain post (what a hostile page can send without asking) is refused. */
const NOT_JSON_PATHS = [/^\/api\/auth\//];

function allowedOrigins(req: IncomingMessage, config: Pick<AppConfig, 'publicUrl' | 'publicUrlDefaulted'>): string[] {
  const own = new URL(config.publicUrl).origin;
  return config.publicUrlDefaulted && req.headers.host ? [own, `http://${req.headers.host}`] : [own];
}

export type Refusal = { status: 403 | 415; code: string; message: string } | null;

/**
 * Whether a request may go on. The Origin must be Atelier's own; a request without one must say
 * (Sec-Fetch-Site) that it comes from this origin or from the user (a typed address), else it is
 * refused: browsers send at least one of the two, so only a forged or foreign request lacks both.
 */
export function guardRequest(req: IncomingMessage, pathname: string, config: Pick<AppConfig, 'publicUrl' | 'publicUrlDefaulted'>): Refusal {
  if (SAFE_METHODS.has(req.method ?? 'GET') || BEARER_PATHS.some((p) => p.test(pathname))) return null;
  const origin = req.headers.origin;
  const site = req.headers['sec-fetch-site'];
  const sameOrigin = origin !== undefined ? allowedOrigins(req, config).includes(origin) : site === 'same-origin' || site === 'none';
  if (!sameOrigin) return { status: 403, code: 'cross_origin', message: 'This request did not come from an Atelier page.' };
  if (pathname.startsWith('/api/') && !NOT_JSON_PATHS.some((p) => p.test(pathname)) && hasBody(req)) {
    const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    if (type !== 'application/json')
      return { status: 415, code: 'unsupported_media_type', message: 'Send the request body as JSON (Content-Type: application/json).' };
  }
  return null;
}

function hasBody(req: IncomingMessage): boolean {
  return req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
}
