import { setTimeout as sleep } from 'node:timers/promises';
import { call, type RunningService } from './service';

/** Polls a video task until it ends, keeping every record it saw. */
export async function pollVideo(svc: RunningService, id: string, timeoutMs = 120_000, everyMs = 250) {
  const history: any[] = [];
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const res = await call(svc, 'GET', `/v1/videos/generations/${id}`);
    if (res.status !== 200) throw new Error(`poll ${id}: ${res.status} ${res.text}`);
    history.push(res.json);
    if (res.json.status !== 'processing') return { final: res.json, history };
    await sleep(everyMs);
  }
  throw new Error(`video ${id} still processing after ${timeoutMs} ms: ${JSON.stringify(history.at(-1))}`);
}
