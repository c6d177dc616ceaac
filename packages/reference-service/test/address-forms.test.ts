import { describe, expect, it } from 'vitest';
import { ADDRESS_FORMS } from '../src/testing/address-forms';
import { checkWebhookUrl } from '../src/webhook-target';

// The service's own webhooks against the one table of address forms (the app runs it against its callers).

it('the table holds addresses to refuse and addresses to allow', () => {
  expect(ADDRESS_FORMS.filter((form) => form.allowed).length).toBeGreaterThanOrEqual(5);
  expect(ADDRESS_FORMS.filter((form) => !form.allowed).length).toBeGreaterThan(20);
});

describe('the webhook_url of a video task', () => {
  it.each(ADDRESS_FORMS)('$what: $url', async ({ url, allowed }) => {
    const checked = checkWebhookUrl(url, { allowPrivate: false, privateOrigins: [] });
    if (allowed) await expect(checked).resolves.toBe(new URL(url).href);
    else await expect(checked).rejects.toMatchObject({ code: 'invalid_webhook_url' });
  });
});
