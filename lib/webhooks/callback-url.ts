import { isIP } from 'node:net';
import { isBlockedAddress } from '@atelier/reference-service/address-policy';
import { appConfig } from '../config';
import { log } from '../observability/log';

// The check a callback address (an API caller's webhook_url, a team's alert webhook) gets when it
// is saved. A host name passes, unless it names this machine or a private network (`localhost`,
// `*.internal`, …): it is resolved, checked and pinned at every delivery (signed.ts), where a name
// that resolves to a private address is refused like a literal one.

export type CallbackUrlProblem = 'malformed' | 'private';

/** Names that only resolve inside a machine or a private network. */
const PRIVATE_NAME = /(^localhost$|\.localhost$|\.local$|\.internal$|\.lan$|\.home\.arpa$)/;

/** Whether a URL's host (brackets stripped) is a private address, or a name only a private network resolves. */
export const isPrivateHost = (host: string): boolean => (isIP(host) ? isBlockedAddress(host) : PRIVATE_NAME.test(host.toLowerCase()));

/** The variable that lets an operator allow a private origin, named in every refusal of one. */
export const PRIVATE_ORIGINS_VARIABLE = 'ATELIER_PRIVATE_CALLBACK_ORIGINS';

/**
 * What is wrong with a callback address, or null: not an http(s) URL without credentials
 * (malformed), or a literal private address whose origin the operator has not allowed (private;
 * logged once, naming the variable, so the operator sees why a caller was refused).
 */
export function callbackUrlProblem(value: string): CallbackUrlProblem | null {
  if (!URL.canParse(value)) return 'malformed';
  const url = new URL(value);
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) return 'malformed';
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (!isPrivateHost(host) || appConfig().privateCallbackOrigins.includes(url.origin)) return null;
  log().warn({ origin: url.origin }, `callback address refused: ${url.origin} is private; ${PRIVATE_ORIGINS_VARIABLE} can allow it`);
  return 'private';
}
