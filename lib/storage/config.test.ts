import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createBlobStore, loadStorageConfig } from './config';
import { LocalBlobStore } from './local-store';
import { S3BlobStore } from './s3-store';

const s3Env = {
  STORAGE_DRIVER: 's3',
  S3_BUCKET: 'atelier-assets',
  S3_REGION: 'eu-central-1',
  S3_ENDPOINT: 'http://127.0.0.1:9000',
  S3_ACCESS_KEY_ID: 'key',
  S3_SECRET_ACCESS_KEY: 'secret',
  S3_FORCE_PATH_STYLE: 'true',
};

describe('loadStorageConfig', () => {
  it('defaults to the local driver under .data/assets', () => {
    expect(loadStorageConfig({})).toEqual({ driver: 'local', dir: '.data/assets' });
    expect(loadStorageConfig({ STORAGE_DRIVER: '', STORAGE_LOCAL_DIR: ' ' })).toEqual({ driver: 'local', dir: '.data/assets' });
    expect(loadStorageConfig({ STORAGE_LOCAL_DIR: '/srv/assets' })).toEqual({ driver: 'local', dir: '/srv/assets' });
  });

  it('reads every S3 setting', () => {
    expect(loadStorageConfig(s3Env)).toEqual({
      driver: 's3',
      bucket: 'atelier-assets',
      region: 'eu-central-1',
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
    });
  });

  it('leaves credentials to the SDK chain and AWS defaults when unset', () => {
    expect(loadStorageConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'b', S3_ENDPOINT: '' })).toEqual({
      driver: 's3',
      bucket: 'b',
      region: 'us-east-1',
      forcePathStyle: false,
    });
  });

  it.each([
    ['1', true],
    ['false', false],
    ['0', false],
    ['yes', true],
  ])('parses S3_FORCE_PATH_STYLE=%s', (value, expected) => {
    expect(loadStorageConfig({ ...s3Env, S3_FORCE_PATH_STYLE: value })).toMatchObject({ forcePathStyle: expected });
  });

  it.each([
    [{ STORAGE_DRIVER: 'ftp' }, /driver/],
    [{ STORAGE_DRIVER: 's3' }, /S3_BUCKET/],
    [{ ...s3Env, S3_SECRET_ACCESS_KEY: '' }, /both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/],
    [{ ...s3Env, S3_ENDPOINT: 'not a url' }, /endpoint/],
    [{ ...s3Env, S3_FORCE_PATH_STYLE: 'maybe' }, /S3_FORCE_PATH_STYLE/],
  ])('refuses a bad environment with a message naming the problem (%#)', (env, message) => {
    expect(() => loadStorageConfig(env)).toThrow(message);
  });
});

describe('createBlobStore', () => {
  it('builds the store the config names', () => {
    const local = createBlobStore({ driver: 'local', dir: '/tmp/atelier-config-test' });
    expect(local).toBeInstanceOf(LocalBlobStore);
    expect((local as LocalBlobStore).root).toBe(path.resolve('/tmp/atelier-config-test'));
    expect(createBlobStore(loadStorageConfig(s3Env))).toBeInstanceOf(S3BlobStore);
  });

  it('builds the local store from an empty environment', () => {
    expect(createBlobStore(loadStorageConfig({}))).toBeInstanceOf(LocalBlobStore);
  });
});
