import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { appConfig } from '../config';
import { metrics } from '../observability/metrics';
import { pinnedRequest, resolveTarget, resolveWithDns, type ResolvedAddress } from '../storage/pinned-request';

const ATTEMPT_MS = 10_000;

/** A Standard Webhooks signing secret: `whsec_` + base64 of 32 random bytes. */
export const newWebhookSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`;
const AGENTS = { alert: 'Atelier-Alerts/1', callback: 'Atelier-Webhooks/1' } as const;

/**
 * One delivery of a JSON event to someone's URL, signed Standard-Webhooks style with `secret`: the
 * address is checked and pinned like an archive download's (a private one only as
 * ATELIER_PRIVATE_CALLBACK_ORIGINS allows), 10 s at most. Answers the receiver's HTTP status.
 */
export async function postSignedWebhook(kind: keyof typeof AGENTS, target: string, secret: string, messageId: string, body: string): Promise<number> {
  try {
    const status = await post(target, secret, messageId, body, AGENTS[kind]);
    metrics().webhooks.inc({ direction: 'out', kind, outcome: status >= 200 && status < 300 ? 'delivered' : 'refused' });
    return status;
  } catch (error) {
    metrics().webhooks.inc({ direction: 'out', kind, outcome: 'failed' });
    throw error;
  }
}

/** DNS, unless the tests' host map (ATELIER_TEST_HOSTS, NODE_ENV=test only) answers the host and port. */
function resolveCallbackHost(host: string, url: URL): Promise<ResolvedAddress[]> {
  const mapped = appConfig().testHosts.get(`${host.toLowerCase()}:${url.port || (url.protocol === 'https:' ? 443 : 80)}`);
  return mapped ? Promise.resolve([{ address: mapped.address, family: 4, port: mapped.port }]) : resolveWithDns(host);
}

async function post(target: string, secret: string, messageId: string, body: string, userAgent: string): Promise<number> {
  const url = new URL(target);
  const addresses = await resolveTarget(url, new Set(appConfig().privateCallbackOrigins), (host) => resolveCallbackHost(host, url));
  const sentAt = new Date();
  const response = await pinnedRequest(
    url,
    addresses,
    {
      'content-type': 'application/json',
      'user-agent': userAgent,
      'webhook-id': messageId,
      'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
      'webhook-signature': new Webhook(secret).sign(messageId, sentAt, body),
    },
    AbortSignal.timeout(ATTEMPT_MS),
    body,
  );
  response.resume();
  return response.statusCode ?? 0;
}
