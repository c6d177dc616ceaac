import { parentPort } from 'node:worker_threads';
import { encodePng } from './pixels/raw';
import { generateImage, renderElements } from './generate/text-to-image';
import { runEdit } from './edit/edit';
import type { EngineFailure, EngineJob } from './jobs';

async function run(job: EngineJob): Promise<Buffer> {
  switch (job.op) {
    case 'generate':
      return generateImage(job);
    case 'elements':
      return encodePng((await renderElements(job)).layer);
    case 'edit':
      return runEdit(job);
  }
}

parentPort!.on('message', async ({ id, job }: { id: number; job: EngineJob }) => {
  try {
    const png = await run(job);
    // Copy into a fresh ArrayBuffer so it can be transferred instead of cloned.
    const out = new Uint8Array(png.length);
    out.set(png);
    parentPort!.postMessage({ id, ok: true, result: out }, [out.buffer]);
  } catch (error) {
    const e = error as Error & Partial<EngineFailure>;
    const failure: EngineFailure = { message: e.message ?? String(error), code: e.code, status: e.status };
    parentPort!.postMessage({ id, ok: false, error: failure });
  }
});
