import { Webhook } from 'standardwebhooks';

/**
 * Standard Webhooks (decisions.md row 7), checked by the convention's own library: `webhook-signature`
 * holds `v1,<base64 HMAC-SHA256>` of "id.timestamp.body" under the decoded `whsec_` secret (several
 * may be listed), and a timestamp more than 5 minutes off is refused (a replay).
 */
export function verifyStandardWebhook(secret: string, headers: Pick<Headers, 'get'>, body: string): boolean {
  const wanted = ['webhook-id', 'webhook-timestamp', 'webhook-signature'] as const;
  const given = Object.fromEntries(wanted.map((name) => [name, headers.get(name) ?? '']));
  try {
    new Webhook(secret).verify(body, given);
    return true;
  } catch {
    return false;
  }
}
