import { ADDRESS_FORMS } from '@atelier/reference-service/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkWebhookUrl } from '../../lib/alerts/settings';
import { videosRequestSchema } from '../../lib/api/videos';
import { resolveTarget, resolveWithDns } from '../../lib/storage/pinned-request';
import { useFreshDatabase } from '../support/app-db';

// Atelier's callers of the address policy against the one table of address forms the service's own
// webhooks run too (@atelier/reference-service/testing): an API caller's webhook_url, a team's
// alert webhook, and a result URL to archive. Nothing is called: each is only checked.

// The configuration (ATELIER_PRIVATE_CALLBACK_ORIGINS unset) comes with a database, which nothing here writes.
let teardown: () => Promise<void>;
beforeAll(async () => void (teardown = await useFreshDatabase('pglite')), 60_000);
afterAll(() => teardown?.());

describe.each(ADDRESS_FORMS)('$what: $url', ({ url, allowed }) => {
  it("an API caller's webhook_url", () => {
    const parsed = videosRequestSchema.safeParse({ model: 'atelier-motion', prompt: 'a probe', webhook_url: url });
    expect(parsed.success).toBe(allowed);
  });

  it('a team alert webhook', () => {
    const checked = () => checkWebhookUrl(url);
    if (allowed) expect(checked).not.toThrow();
    else expect(checked).toThrow(expect.objectContaining({ code: 'invalid_input', key: expect.stringMatching(/^alertWebhook(Private|Malformed)$/) }));
  });

  it('a result URL to archive', async () => {
    const target = (async () => resolveTarget(new URL(url), new Set(), resolveWithDns))();
    if (allowed) await expect(target).resolves.not.toHaveLength(0);
    else await expect(target).rejects.toThrow();
  });
});

describe('a callback address with a host name passes when it is saved, and is checked when it is called', () => {
  it.each(['https://example.com/hooks/atelier', 'https://hooks.stripe.com/webhooks/x', 'http://hooks.example.net:8080/a?b=c'])('%s', async (url) => {
    expect(videosRequestSchema.safeParse({ model: 'atelier-motion', prompt: 'a probe', webhook_url: url }).success).toBe(true);
    expect(() => checkWebhookUrl(url)).not.toThrow();
  });

  it.each(['http://localhost:9/hook', 'http://api.localhost/hook', 'http://db.internal/hook', 'http://printer.local/hook'])(
    'a name only a private network resolves is refused as private: %s',
    (url) => {
      expect(videosRequestSchema.safeParse({ model: 'atelier-motion', prompt: 'a probe', webhook_url: url }).success).toBe(false);
      expect(() => checkWebhookUrl(url)).toThrow(expect.objectContaining({ key: 'alertWebhookPrivate' }));
    },
  );

  it('a name that resolves to a private address is refused when it is called', async () => {
    await expect(resolveTarget(new URL('http://localhost:9/hook'), new Set(), resolveWithDns)).rejects.toMatchObject({ code: 'blocked_address' });
  });

  it('each refusal says why: not a URL, or a private address the operator can allow by name', () => {
    const issue = (url: string) => videosRequestSchema.safeParse({ model: 'atelier-motion', prompt: 'a probe', webhook_url: url }).error?.issues[0]?.message;
    expect(issue('not a url')).toMatch(/not an http\(s\) URL/);
    expect(issue('http://127.0.0.1:9911/hook')).toMatch(/private address.*ATELIER_PRIVATE_CALLBACK_ORIGINS/);
    expect(() => checkWebhookUrl('http://127.0.0.1:9911/hook')).toThrow(/ATELIER_PRIVATE_CALLBACK_ORIGINS/);
  });
});
