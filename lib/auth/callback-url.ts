/**
 * Where to send someone after signing in: only a path on this site, so a crafted link
 * (`?callbackUrl=https://evil.example` or `//evil.example`) cannot bounce them elsewhere.
 */
export function safeCallbackUrl(raw: unknown, fallback = '/edit'): string {
  if (typeof raw !== 'string' || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return fallback;
  return raw;
}
