import { Webhook } from 'standardwebhooks';
import { appConfig } from '../config';
import { pinnedRequest, resolveTarget, resolveWithDns } from '../storage/pinned-request';

const ATTEMPT_MS = 10_000;

/**
 * One delivery of a JSON event to someone's URL, signed Standard-Webhooks style with `secret`: the
 * address is checked and pinned like an archive download's (a private one only as
 * ATELIER_PRIVATE_CALLBACK_ORIGINS allows), 10 s at most. Answers the receiver's HTTP status.
 */
export async function postSignedWebhook(target: string, secret: string, messageId: string, body: string, userAgent: string): Promise<number> {
  const url = new URL(target);
  const addresses = await resolveTarget(url, new Set(appConfig().privateCallbackOrigins), resolveWithDns);
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
