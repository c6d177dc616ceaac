import { describe, expect, it } from 'vitest';
import { loggedPath } from './http';

describe('loggedPath', () => {
  it('cuts capability tokens out of the access log', () => {
    expect(loggedPath('/api/webhooks/video/7d0c5a35-0d55-4a53-9b59-7e4f1f2c9a10/s3cr3t-token')).toBe(
      '/api/webhooks/video/7d0c5a35-0d55-4a53-9b59-7e4f1f2c9a10/…',
    );
    expect(loggedPath('/s/share-token/media/asset-1')).toBe('/s/…/media/asset-1');
    expect(loggedPath('/invite/invite-token')).toBe('/invite/…');
  });

  it('leaves every other path as it is', () => {
    for (const path of ['/studio', '/settings/shares', '/api/compare/abc/zip', '/sign-in', '/s']) expect(loggedPath(path)).toBe(path);
  });
});
