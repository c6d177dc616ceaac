import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadAppConfig } from '../config';
import { webhookBase } from './webhook-target';

// Where a hosted service is told to send video webhooks, by what the operator configured.

const configOf = (env: Record<string, string>) => loadAppConfig({ NODE_ENV: 'test', ...env });
const dataDir = mkdtempSync(path.join(tmpdir(), 'atelier-webhook-base-'));
const hosted = (env: Record<string, string>) =>
  configOf({ ATELIER_DATA_DIR: dataDir, ATELIER_SECRET: 'x'.repeat(32), UPSTREAM_BASE_URL: 'https://api.example.com', ...env });

describe('webhookBase', () => {
  it('is the public URL when a hosted service can reach it', () => {
    expect(webhookBase(hosted({ ATELIER_PUBLIC_URL: 'https://atelier.example.com/' }))).toBe('https://atelier.example.com');
    expect(webhookBase(hosted({ ATELIER_PUBLIC_URL: 'http://8.8.8.8:3000' }))).toBe('http://8.8.8.8:3000');
  });

  it('is none for loopback, private, unspecified and local-only addresses', () => {
    for (const url of [
      'http://localhost:3000',
      'http://127.0.0.1:3000',
      'http://0.0.0.0:3000',
      'http://[::]:3000',
      'http://[::1]:3000',
      'http://10.1.2.3',
      'http://172.20.0.5',
      'http://192.168.1.10',
      'http://atelier.internal',
      'http://atelier.local',
      'http://203.0.113.9', // a documentation range: not routable
    ])
      expect(webhookBase(hosted({ ATELIER_PUBLIC_URL: url })), url).toBe(null);
  });

  it('is the operator’s ATELIER_WEBHOOK_BASE_URL as given, a private address included', () => {
    expect(webhookBase(hosted({ ATELIER_PUBLIC_URL: 'http://10.1.2.3', ATELIER_WEBHOOK_BASE_URL: 'http://10.1.2.3:3000/' }))).toBe('http://10.1.2.3:3000');
  });

  it('is the public URL for the embedded service, which calls this very process', () => {
    expect(webhookBase(configOf({ ATELIER_DATA_DIR: dataDir, ATELIER_PUBLIC_URL: 'http://127.0.0.1:3000' }))).toBe('http://127.0.0.1:3000');
  });
});

describe('generated secrets', () => {
  it('are not written when every secret is given', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'atelier-no-secrets-'));
    const config = configOf({ ATELIER_DATA_DIR: dir, ATELIER_SECRET: 'y'.repeat(32), UPSTREAM_BASE_URL: 'https://api.example.com' });
    expect(config.atelierSecret).toBe('y'.repeat(32));
    expect(existsSync(path.join(dir, 'secrets.json'))).toBe(false);
    // Without ATELIER_SECRET one is generated and kept.
    configOf({ ATELIER_DATA_DIR: dir, UPSTREAM_BASE_URL: 'https://api.example.com' });
    expect(existsSync(path.join(dir, 'secrets.json'))).toBe(true);
  });
});
