import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signWebhook } from '@atelier/reference-service';
import { verifyStandardWebhook } from './signature';

const secret = `whsec_${Buffer.from('a-secret-for-tests-0123456789').toString('base64')}`;

describe('Standard Webhooks verification', () => {
  const now = 1_800_000_000_000;
  const ts = now / 1000;
  const body = '{"id":"evt_1","type":"video_generation.completed"}';
  const headers = (sig: string, at = ts) => new Headers({ 'webhook-id': 'evt_1', 'webhook-timestamp': String(at), 'webhook-signature': sig });
  beforeAll(() => vi.useFakeTimers({ now, toFake: ['Date'] }));
  afterAll(() => vi.useRealTimers());

  it('accepts what the reference service signs, among several signatures', () => {
    const sig = signWebhook(secret, 'evt_1', ts, body);
    expect(verifyStandardWebhook(secret, headers(sig), body)).toBe(true);
    expect(verifyStandardWebhook(secret, headers(`v1,AAAA ${sig}`), body)).toBe(true);
  });

  it('refuses another body, another secret, an old timestamp, or missing headers', () => {
    const sig = signWebhook(secret, 'evt_1', ts, body);
    expect(verifyStandardWebhook(secret, headers(sig), `${body} `)).toBe(false);
    expect(verifyStandardWebhook(`whsec_${Buffer.from('other').toString('base64')}`, headers(sig), body)).toBe(false);
    expect(verifyStandardWebhook(secret, headers(signWebhook(secret, 'evt_1', ts - 3600, body), ts - 3600), body)).toBe(false);
    expect(verifyStandardWebhook(secret, new Headers(), body)).toBe(false);
  });
});
