import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPeer } from '../../test/support/http-peer';
import { expectNoSecret } from '../../test/support/secrets';
import { failure } from '../../test/support/upstream';
import { createUpstreamClient } from './index';

// A key that no message would contain by chance.
const KEY = 'sk-peer-9f8e7d6c5b4a39281706';

let peer: Awaited<ReturnType<typeof startPeer>>;
beforeAll(async () => {
  peer = await startPeer();
});
afterAll(() => peer?.close());

const client = (timeouts = {}) => createUpstreamClient({ baseUrl: peer.url, apiKey: KEY, timeouts });
const listModels = () => client().listModels();

describe('UpstreamError from every error body of decisions row 1', () => {
  it.each([
    {
      name: 'the reference shape',
      status: 400,
      json: { error: { message: 'size must be one of 1024x1024, 2048x2048', type: 'invalid_request_error', code: 'invalid_size', param: 'size' } },
      want: { kind: 'invalid_request', code: 'invalid_size', message: 'size must be one of 1024x1024, 2048x2048', param: 'size', retryable: false },
    },
    {
      name: '{"message"}',
      status: 403,
      json: { message: 'This key may not use video models' },
      want: { kind: 'permission', code: 'permission_error', message: 'This key may not use video models', retryable: false },
    },
    {
      name: '{"error":"text"}',
      status: 500,
      json: { error: 'engine exploded' },
      want: { kind: 'server', code: 'api_error', message: 'engine exploded', retryable: true },
    },
    {
      name: '{"code","msg"} with a numeric code',
      status: 400,
      json: { code: 1001, msg: '参数错误：size' },
      want: { kind: 'invalid_request', code: '1001', message: '参数错误：size', retryable: false },
    },
    {
      name: 'the reference shape without a code',
      status: 401,
      json: { error: { message: 'Unknown key', type: 'authentication_error' } },
      want: { kind: 'authentication', code: 'authentication_error', message: 'Unknown key', retryable: false },
    },
    {
      name: 'a non-JSON 502 page from a proxy',
      status: 502,
      text: '<html><body><h1>502 Bad Gateway</h1></body></html>',
      want: { kind: 'server', code: 'api_error', message: 'The service answered HTTP 502.', retryable: true },
    },
    {
      name: 'a short plain-text 503',
      status: 503,
      text: 'upstream connect error or disconnect/reset before headers',
      want: {
        kind: 'overloaded',
        code: 'overloaded_error',
        message: 'The service answered HTTP 503: upstream connect error or disconnect/reset before headers',
        retryable: true,
      },
    },
    {
      name: 'an empty 504',
      status: 504,
      text: '',
      want: { kind: 'timeout', code: 'timeout_error', message: 'The service answered HTTP 504.', retryable: true },
    },
  ])('$name ($status)', async ({ status, json, text, want }) => {
    peer.answer({ status, json, text });
    const error = await failure(client().generateImages({ model: 'm', prompt: 'p' }));
    expect(error).toMatchObject({ status, ...want });
    expect(error.retryAfterSeconds).toBeUndefined();
  });

  it('reads Retry-After as seconds or as an HTTP date on a 429', async () => {
    peer.answer({ status: 429, headers: { 'retry-after': '7' }, json: { error: { message: 'Slow down', type: 'rate_limit_error', code: 'rate_limited' } } });
    expect(await failure(listModels())).toMatchObject({ status: 429, kind: 'rate_limit', code: 'rate_limited', retryable: true, retryAfterSeconds: 7 });

    const inAMinute = new Date(Date.now() + 60_000).toUTCString();
    peer.answer({ status: 429, headers: { 'retry-after': inAMinute }, text: 'Too Many Requests' });
    const error = await failure(listModels());
    expect(error.retryAfterSeconds).toBeGreaterThanOrEqual(58);
    expect(error.retryAfterSeconds).toBeLessThanOrEqual(61);
  });

  it('never carries the key, even when the service echoes it back', async () => {
    peer.answer((req) => ({
      status: 401,
      json: { error: { message: `Key rejected: ${req.headers.authorization}`, code: 'invalid_api_key', param: req.headers.authorization } },
    }));
    const error = await failure(listModels());
    expect(error.message).toBe('Key rejected: Bearer [redacted]');
    expectNoSecret(error, KEY);
    // The key went where it belongs, and nowhere else.
    const request = peer.requests.at(-1)!;
    expect(request.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(request.path).not.toContain(KEY);
  });
});

describe('failures without an HTTP answer', () => {
  it('a 200 that is not JSON, or not the expected shape, is invalid_response and not retried', async () => {
    peer.answer({ status: 200, text: 'OK' });
    expect(await failure(client().getVideoTask('vid_1'))).toMatchObject({ status: 200, code: 'invalid_response', retryable: false });
    peer.answer({ status: 200, json: { id: 'vid_1', progress: 3 } });
    const error = await failure(client().getVideoTask('vid_1'));
    expect(error).toMatchObject({ status: 200, code: 'invalid_response', kind: 'invalid_response' });
    expect(error.message).toContain('status');
  });

  it('times out with code timeout when the peer stalls past our deadline', async () => {
    peer.answer({ status: 200, json: { data: [] }, delayMs: 3000 });
    const started = Date.now();
    const error = await failure(client({ requestMs: 300 }).listModels());
    expect(Date.now() - started).toBeLessThan(2000);
    expect(error).toMatchObject({ status: 0, code: 'timeout', kind: 'timeout', retryable: true });
  });

  it('is cancelled by the caller, before or during the request', async () => {
    peer.answer({ status: 200, json: { data: [] }, delayMs: 3000 });
    const before = new AbortController();
    before.abort();
    expect(await failure(client().listModels({ signal: before.signal }))).toMatchObject({ status: 0, code: 'cancelled', retryable: false });
    const during = new AbortController();
    setTimeout(() => during.abort(), 100);
    expect(await failure(client().listModels({ signal: during.signal }))).toMatchObject({ status: 0, code: 'cancelled', kind: 'cancelled' });
  });

  it('refuses an empty task id without a request, as a non-retryable invalid_request', async () => {
    const before = peer.requests.length;
    expect(await failure(client().getVideoTask(''))).toMatchObject({ status: 0, code: 'invalid_request', kind: 'invalid_request', retryable: false });
    expect(peer.requests.length).toBe(before);
  });

  it('reports an unreachable service as network_error', async () => {
    const gone = await startPeer();
    await gone.close();
    const error = await failure(createUpstreamClient({ baseUrl: gone.url, apiKey: KEY }).listModels());
    expect(error).toMatchObject({ status: 0, code: 'network_error', kind: 'network', retryable: true });
    expect(error.message).toContain('ECONNREFUSED');
    expectNoSecret(error, KEY);
  });
});
