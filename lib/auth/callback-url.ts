import { appConfig } from '../config';

/**
 * Where to send someone after signing in (or up): a page of this site, else `fallback`. The value is
 * parsed as a browser would parse it (tabs and newlines dropped, backslashes read as slashes,
 * relative to Atelier's public URL) and kept only when it lands on that same origin; what is
 * returned is the parsed path, so nothing a browser would read differently survives.
 */
export function safeCallbackUrl(raw: unknown, fallback = '/edit'): string {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 2000) return fallback;
  const origin = new URL(appConfig().publicUrl).origin;
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return fallback;
  }
  if (url.origin !== origin) return fallback;
  const target = `${url.pathname}${url.search}${url.hash}`;
  // Never back to the sign-in pages themselves (a loop), nor into next-auth's endpoints.
  return /^\/(sign-in|sign-up|api\/auth)(\/|$|\?)/.test(target) ? fallback : target;
}
