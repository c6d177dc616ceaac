import { describe, expect, it } from 'vitest';
import { en } from '../i18n/dictionaries/en';
import { zhCN } from '../i18n/dictionaries/zh-CN';
import { upstreamAppError } from '../generations/upstream-error';
import { upstreamMessageKey } from './error-keys';
import { UpstreamError } from './errors';

describe('service errors in the UI language', () => {
  it('word known codes first, then the kind the HTTP status implies, and leave unknown codes to the service', () => {
    expect(upstreamMessageKey('invalid_api_key')).toBe('upstreamKey');
    expect(upstreamMessageKey('timeout')).toBe('upstreamTimeout');
    expect(upstreamMessageKey('something_new', 'rate_limit')).toBe('upstreamBusy');
    expect(upstreamMessageKey('something_new', 'invalid_request')).toBeUndefined();
    expect(upstreamMessageKey(null)).toBeUndefined();
  });

  it('have a sentence in both languages for every key', () => {
    for (const code of [
      'invalid_api_key',
      'model_not_found',
      'prompt_too_long',
      'image_too_large',
      'unsupported_image_format',
      'mask_size_mismatch',
      'timeout',
      'model_error',
      'task_not_found',
      'interrupted',
    ]) {
      const key = upstreamMessageKey(code)!;
      expect(en.serverErrors[key]).toBeTruthy();
      expect(zhCN.serverErrors[key]).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('become 503 when the service failed or was unreachable and 502 when it refused, keeping its message', () => {
    const busy = upstreamAppError(new UpstreamError({ status: 503, code: 'overloaded', message: 'try later' }));
    expect(busy).toMatchObject({ code: 'upstream_unavailable', status: 503, key: 'upstreamUnavailable', message: 'try later' });
    const refused = upstreamAppError(new UpstreamError({ status: 400, code: 'prompt_too_long', message: 'too long' }));
    expect(refused).toMatchObject({
      code: 'upstream_error',
      status: 502,
      key: 'upstreamPromptTooLong',
      service: { status: 400, code: 'prompt_too_long' },
    });
    const gone = upstreamAppError(new UpstreamError({ status: 0, code: 'network_error', message: 'ECONNREFUSED' }));
    expect(gone).toMatchObject({ code: 'upstream_unavailable', key: 'upstreamUnreachable' });
  });
});
