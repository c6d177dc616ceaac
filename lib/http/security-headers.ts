import { randomBytes } from 'node:crypto';
import type { AppConfig } from '../config';

/**
 * The headers every response carries, and the page's Content-Security-Policy with a fresh nonce.
 * Next.js reads the nonce from the request's own `Content-Security-Policy` header and puts it on
 * every script it renders (its documented way); our own inline script reads it from `x-nonce`.
 */
export function securityHeaders(
  config: Pick<AppConfig, 'publicUrl' | 'upstream' | 'oauth'>,
  { dev = false } = {},
): { nonce: string; headers: Record<string, string> } {
  const nonce = randomBytes(16).toString('base64');
  // Board images are shown from the service's own signed URLs until Atelier has stored them.
  const service = new URL(config.upstream.baseUrl).origin;
  const policy = [
    `default-src 'self'`,
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? ` 'unsafe-eval'` : ''}`,
    // React's style attributes (charts, the mask editor's canvas size) need inline styles.
    `style-src 'self' 'unsafe-inline'`,
    `img-src 'self' data: blob: ${service}`,
    `media-src 'self' blob: ${service}`,
    `font-src 'self' data:`,
    `connect-src 'self'${dev ? ' ws: wss:' : ''}`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'${config.oauth.github ? ' https://github.com' : ''}`,
    `frame-ancestors 'none'`,
  ].join('; ');
  return { nonce, headers: withCommonHeaders(config, policy) };
}

/**
 * The same headers for answers that are never rendered (webhook deliveries): a policy that allows
 * nothing, and no nonce, so they are computed once rather than for each of a burst's requests.
 */
export function machineAnswerHeaders(config: Pick<AppConfig, 'publicUrl'>): Readonly<Record<string, string>> {
  return Object.freeze(withCommonHeaders(config, `default-src 'none'; frame-ancestors 'none'`));
}

function withCommonHeaders(config: Pick<AppConfig, 'publicUrl'>, policy: string): Record<string, string> {
  const headers: Record<string, string> = {
    'content-security-policy': policy,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()',
  };
  if (config.publicUrl.startsWith('https://')) headers['strict-transport-security'] = 'max-age=63072000; includeSubDomains';
  return headers;
}
