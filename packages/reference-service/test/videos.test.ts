import { describe, expect, it } from 'vitest';
import { readMp4 } from '../src/testing/mp4';
import { call, download } from '../src/testing/service';
import { pollVideo } from '../src/testing/video';
import { testService } from '../src/testing/vitest';

const svc = testService({}, { knobs: { failModels: ['atelier-motion-pro'] } });

const video = (body: Record<string, unknown>) => call(svc, 'POST', '/v1/videos/generations', body);

describe('POST /v1/videos/generations', () => {
  it('returns a processing task at once, then completes with a real H.264 MP4 of the requested shape', async () => {
    const started = Date.now();
    const res = await video({ model: 'atelier-motion', prompt: 'a red sunset over the sea, waves', duration: 3, resolution: '480p', aspect_ratio: '9:16' });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      id: expect.stringMatching(/^vid_/),
      object: 'video_generation',
      status: 'processing',
      progress: 0,
      estimated_remaining: expect.any(Number),
      created: expect.any(Number),
      model: 'atelier-motion',
      estimated_time: expect.any(Number),
      params: { prompt: 'a red sunset over the sea, waves', duration: 3, resolution: '480p', audio: false, aspect_ratio: '9:16' },
    });
    expect(Number.isInteger(res.json.estimated_time)).toBe(true);

    const { final, history } = await pollVideo(svc, res.json.id);
    expect(final.status).toBe('completed');
    expect(final.progress).toBe(100);
    for (let i = 1; i < history.length; i++) expect(history[i].progress).toBeGreaterThanOrEqual(history[i - 1].progress);
    expect(history.some((h) => h.progress > 0 && h.progress < 100)).toBe(true);
    expect(final.usage).toEqual({ cost: 0.3, cost_unit: 'CNY', cost_basis: 'price_table' });
    expect(final.expires_at - Date.now() / 1000).toBeGreaterThan(6.9 * 86400);

    const file = await download(final.video_url);
    expect([file.status, file.type]).toEqual([200, 'video/mp4']);
    const mp4 = readMp4(file.bytes);
    expect(mp4.tracks).toHaveLength(1);
    expect(mp4.tracks[0]).toMatchObject({ handler: 'vide', codec: 'avc1', width: 480, height: 854 });
    expect(mp4.durationSeconds).toBeCloseTo(3, 0);
  }, 90_000);

  it('adds an AAC track when audio is true, and charges more for it', async () => {
    const res = await video({ model: 'atelier-motion', prompt: '森林里的小鸟', duration: 3, resolution: '720p', audio: true });
    const { final } = await pollVideo(svc, res.json.id);
    expect(final.status).toBe('completed');
    const mp4 = readMp4((await download(final.video_url)).bytes);
    expect(mp4.tracks.map((t) => [t.handler, t.codec])).toEqual([
      ['vide', 'avc1'],
      ['soun', 'mp4a'],
    ]);
    expect(mp4.tracks[0]).toMatchObject({ width: 1280, height: 720 });
    expect(mp4.tracks[1].durationSeconds).toBeGreaterThan(2.5);
    expect(final.usage.cost).toBeCloseTo((0.2 + 0.05) * 3, 6);
  }, 90_000);

  it('fails a task with a message, and keeps it failed', async () => {
    const res = await video({ model: 'atelier-motion-pro', prompt: 'city', duration: 5, resolution: '480p' });
    const { final } = await pollVideo(svc, res.json.id);
    expect(final.status).toBe('failed');
    expect(final.error).toEqual({ message: expect.stringContaining('atelier-motion-pro'), code: 'model_error' });
    expect(final).not.toHaveProperty('video_url');
  }, 60_000);

  it("hides one key's tasks from another key, and answers unknown ids 404", async () => {
    const res = await video({ model: 'atelier-motion', prompt: 'snow', duration: 3, resolution: '480p' });
    const other = await svc.mintKey();
    const peek = await call(svc, 'GET', `/v1/videos/generations/${res.json.id}`, undefined, other);
    expect(peek.status).toBe(404);
    expect(peek.json.error).toMatchObject({ type: 'not_found_error', code: 'task_not_found' });
    expect((await call(svc, 'GET', '/v1/videos/generations/vid_nope')).status).toBe(404);
  });
});
