import { hash as digest, randomBytes, timingSafeEqual } from 'node:crypto';
import { appConfig, type AppConfig } from '../config';
import { isPrivateHost } from '../webhooks/callback-url';

const hash = (token: string) => digest('sha256', token, 'hex');

/**
 * Where the service sends video webhooks, or null when it cannot reach Atelier (then polling alone
 * carries each task): the operator's ATELIER_WEBHOOK_BASE_URL, trusted as given (a service inside
 * the same network may call a private address); the embedded service, which calls this very
 * process; else the public URL, unless it names a loopback, private or unspecified (0.0.0.0)
 * address or a local-only name, which a hosted service cannot call.
 */
export function webhookBase(config: AppConfig = appConfig()): string | null {
  if (config.webhookBaseUrl) return config.webhookBaseUrl;
  if (config.upstream.embedded) return config.publicUrl;
  const host = new URL(config.publicUrl).hostname.replace(/^\[(.*)\]$/, '$1');
  return isPrivateHost(host) ? null : config.publicUrl;
}

/** A per-task webhook URL carrying a random secret (only its hash is stored), or none (webhookBase). */
export function webhookTarget(videoTaskId: string): { url: string; tokenHash: string } | null {
  const base = webhookBase();
  if (!base) return null;
  const token = randomBytes(24).toString('base64url');
  return { url: `${base}/api/webhooks/video/${videoTaskId}/${token}`, tokenHash: hash(token) };
}

/** Constant-time check of a presented token against the stored hash. */
export function tokenMatches(token: string, storedHash: string | null): boolean {
  if (!storedHash) return false;
  const given = digest('sha256', token, 'buffer');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}
