import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { appConfig } from '../config';

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/** Hosts a hosted service cannot call back: Atelier on localhost or a private network. */
function reachableFromService(): boolean {
  const { upstream, publicUrl } = appConfig();
  if (upstream.embedded) return true; // the embedded service calls this very process
  const host = new URL(publicUrl).hostname;
  return !(host === 'localhost' || host.endsWith('.local') || /^(127\.|10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|\[?::1\]?$)/.test(host));
}

/**
 * A per-task webhook URL carrying a random secret (only its hash is stored), or none when the
 * service could not reach us anyway — then polling alone carries the task.
 */
export function webhookTarget(videoTaskId: string): { url: string; tokenHash: string } | null {
  if (!reachableFromService()) return null;
  const token = randomBytes(24).toString('base64url');
  return { url: `${appConfig().publicUrl}/api/webhooks/video/${videoTaskId}/${token}`, tokenHash: hash(token) };
}

/** Constant-time check of a presented token against the stored hash. */
export function tokenMatches(token: string, storedHash: string | null): boolean {
  if (!storedHash) return false;
  const given = Buffer.from(hash(token), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}
