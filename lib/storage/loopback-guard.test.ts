import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardLoopbackOnly } from './testing/loopback-guard';

// The archive and S3 tests rely on this guard to prove that no test reaches beyond loopback.
let unguard: () => void;
beforeAll(() => {
  unguard = guardLoopbackOnly();
});
afterAll(() => unguard());

const attempt = (options: http.RequestOptions | string) =>
  new Promise<string>((resolve) => {
    const req = http.get(options, () => resolve('connected'));
    req.on('error', (error) => resolve(error.message));
    req.setTimeout(2000, () => req.destroy(new Error('timed out')));
  });

describe('guardLoopbackOnly', () => {
  it('stops connections to non-loopback addresses before they are made', async () => {
    expect(await attempt('http://169.254.169.254/')).toMatch(/loopback guard/);
    expect(await attempt('http://[::ffff:a00:1]/')).toMatch(/loopback guard/);
    const lookup = ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) =>
      options.all ? callback(null, [{ address: '10.0.0.1', family: 4 }]) : callback(null, '10.0.0.1', 4)) as never;
    expect(await attempt({ host: 'lan.test', lookup })).toMatch(/loopback guard: lan.test resolved to 10.0.0.1/);
  });

  it('lets loopback connections through', async () => {
    expect(await attempt('http://127.0.0.1:9/')).toMatch(/ECONNREFUSED/);
  });
});
