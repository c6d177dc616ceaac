import { describe, expect, it } from 'vitest';
import { archiveState } from './archive-jobs';

describe('archiveState', () => {
  const now = Date.parse('2026-11-22T12:00:00Z');
  const output = (assetId: string | null, agoMs = 5_000) => ({ assetId, createdAt: new Date(now - agoMs) });

  it('is archived once the output has its asset, whatever the job says', () => {
    expect(archiveState(output('a'), { state: 'active', archived: false }, now)).toBe('archived');
    expect(archiveState(output('a'), undefined, now)).toBe('archived');
  });

  it('is archiving while the job waits, runs or retries', () => {
    for (const state of ['created', 'active', 'retry', 'completed']) expect(archiveState(output(null), { state, archived: false }, now)).toBe('archiving');
  });

  it('is unsaved once the job failed for good, was cancelled, or was set aside without an asset', () => {
    expect(archiveState(output(null), { state: 'failed', archived: false }, now)).toBe('unsaved');
    expect(archiveState(output(null), { state: 'cancelled', archived: false }, now)).toBe('unsaved');
    expect(archiveState(output(null), { state: 'created', archived: true }, now)).toBe('unsaved');
    expect(archiveState(output(null), { state: 'completed', archived: true }, now)).toBe('unsaved');
  });

  it('gives a missing job a minute to be queued, then counts the image as unsaved', () => {
    expect(archiveState(output(null, 5_000), undefined, now)).toBe('archiving');
    expect(archiveState(output(null, 120_000), undefined, now)).toBe('unsaved');
  });
});
