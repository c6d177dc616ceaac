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

  it('a team alert webhook', async () => {
    if (allowed) await expect(checkWebhookUrl(url)).resolves.toBeUndefined();
    else await expect(checkWebhookUrl(url)).rejects.toMatchObject({ code: 'invalid_input', key: 'alertWebhookPrivate' });
  });

  it('a result URL to archive', async () => {
    const target = (async () => resolveTarget(new URL(url), new Set(), resolveWithDns))();
    if (allowed) await expect(target).resolves.not.toHaveLength(0);
    else await expect(target).rejects.toThrow();
  });
});
