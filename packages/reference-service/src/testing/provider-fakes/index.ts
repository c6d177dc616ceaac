// Every provider's fake at once, and the providers file (SERVICE_PROVIDERS_FILE) that points the
// service at them: what the service's provider tests and Atelier's e2e run against.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ProviderId } from '../../providers/types';
import { startArkFake } from './ark';
import { startDashScopeFake } from './dashscope';
import { startFalFake } from './fal';
import { startGoogleFake } from './google';
import type { ProviderFake } from './harness';
import { startKlingFake } from './kling';
import { startOpenAIFake } from './openai';
import { startReplicateFake } from './replicate';

export { type FakeFault, type ProviderFake } from './harness';

type ImageProviderId = Exclude<ProviderId, 'ark' | 'kling'>;

/** The image models the test providers file offers: one image and one edit model per provider that has them (ids are ours). */
export const FAKE_MODELS: Record<ImageProviderId, { image: { id: string; model: string }; edit: { id: string; model: string } }> = {
  openai: { image: { id: 'openai-gpt-image', model: 'gpt-image-1' }, edit: { id: 'openai-gpt-image-edit', model: 'gpt-image-1' } },
  dashscope: { image: { id: 'dashscope-wan', model: 'wan2.2-t2i-flash' }, edit: { id: 'dashscope-wan-edit', model: 'wanx2.1-imageedit' } },
  fal: { image: { id: 'fal-flux-schnell', model: 'fal-ai/flux/schnell' }, edit: { id: 'fal-flux-fill', model: 'fal-ai/flux-pro/v1/fill' } },
  replicate: {
    image: { id: 'replicate-flux-schnell', model: 'black-forest-labs/flux-schnell' },
    edit: { id: 'replicate-bria-genfill', model: 'bria/genfill' },
  },
  google: { image: { id: 'google-gemini-image', model: 'gemini-3.1-flash-image' }, edit: { id: 'google-gemini-edit', model: 'gemini-3.1-flash-image' } },
};

type VideoProviderId = Exclude<ProviderId, 'openai' | 'google'>;

/** The video model the test providers file offers for each provider that makes videos (ids are ours). */
export const FAKE_VIDEO_MODELS: Record<VideoProviderId, { id: string; model: string }> = {
  dashscope: { id: 'dashscope-wan-video', model: 'wan2.5-t2v-preview' },
  ark: { id: 'ark-seedance', model: 'doubao-seedance-1-0-pro-250528' },
  kling: { id: 'kling-video', model: 'kling-v2-1-master' },
  fal: { id: 'fal-seedance-video', model: 'fal-ai/bytedance/seedance/v1/pro/text-to-video' },
  replicate: { id: 'replicate-seedance-video', model: 'bytedance/seedance-1-pro' },
};

/** The environment variable each fake's key goes in (the providers' own defaults). */
export const KEY_ENV: Record<ProviderId, string> = {
  openai: 'OPENAI_API_KEY',
  dashscope: 'DASHSCOPE_API_KEY',
  fal: 'FAL_KEY',
  replicate: 'REPLICATE_API_TOKEN',
  google: 'GOOGLE_GENERATIVE_AI_API_KEY',
  ark: 'ARK_API_KEY',
  kling: 'KLING_ACCESS_KEY',
};
/** Kling's key is a pair: the secret half's variable. */
const KLING_SECRET_ENV = 'KLING_SECRET_KEY';

export type ProviderFakes = Record<ProviderId, ProviderFake> & {
  all: ProviderFake[];
  /** The keys, as the service reads them from its environment. */
  env: Record<string, string>;
  /** Writes the providers file into `dir` and returns its path. */
  writeProvidersFile(dir: string): Promise<string>;
  close(): Promise<void>;
};

const IMAGE_PRICE = { per_image: { '1024x1024': 0.3, '2048x2048': 0.6, '4096x4096': 1.2 } };
const EDIT_PRICE = { per_edit: { '1024': 0.25, '2048': 0.4, '4096': 0.8 } };
const VIDEO_PRICE = { per_second: { '480p': 0.2, '720p': 0.4, '1080p': 0.8 }, audio_per_second: 0.1 };
/** Ark bills tokens: the fake's 5-second 720p clip is about 108,000 of them (1280×720×24×5/1024). */
const ARK_PRICE = { ...VIDEO_PRICE, per_million_tokens: 15 };

export async function startProviderFakes(): Promise<ProviderFakes> {
  const [openai, dashscope, fal, replicate, google, ark, kling] = await Promise.all([
    startOpenAIFake(),
    startDashScopeFake(),
    startFalFake(),
    startReplicateFake(),
    startGoogleFake(),
    startArkFake(),
    startKlingFake(),
  ]);
  const byId = { openai, dashscope, fal, replicate, google, ark, kling };
  const all = Object.values(byId);
  const ids = Object.keys(byId) as ProviderId[];
  return {
    ...byId,
    all,
    env: { ...Object.fromEntries(ids.map((id) => [KEY_ENV[id], byId[id].key])), [KLING_SECRET_ENV]: kling.secret! },
    async writeProvidersFile(dir) {
      const file = path.join(dir, 'providers.json');
      const images = (Object.keys(FAKE_MODELS) as ImageProviderId[]).flatMap((provider) => {
        const { image, edit } = FAKE_MODELS[provider];
        return [
          { id: image.id, kind: 'image', provider, provider_model: image.model, description: `${provider} text-to-image (fake)`, price: IMAGE_PRICE },
          { id: edit.id, kind: 'edit', provider, provider_model: edit.model, description: `${provider} image edit (fake)`, price: EDIT_PRICE },
        ];
      });
      const videos = (Object.keys(FAKE_VIDEO_MODELS) as VideoProviderId[]).map((provider) => {
        const { id, model } = FAKE_VIDEO_MODELS[provider];
        const price = provider === 'ark' ? ARK_PRICE : VIDEO_PRICE;
        return { id, kind: 'video', provider, provider_model: model, description: `${provider} text-to-video (fake)`, price };
      });
      const models = [...images, ...videos];
      const providers = Object.fromEntries(ids.map((id) => [id, { base_url: byId[id].baseUrl }]));
      await writeFile(file, JSON.stringify({ providers, models }, null, 2));
      return file;
    },
    close: async () => void (await Promise.all(all.map((fake) => fake.close()))),
  };
}
