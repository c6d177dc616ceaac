// Every provider's fake at once, and the providers file (SERVICE_PROVIDERS_FILE) that points the
// service at them: what the service's provider tests and Atelier's e2e run against.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ProviderId } from '../../providers/types';
import { startDashScopeFake } from './dashscope';
import { startFalFake } from './fal';
import { startGoogleFake } from './google';
import type { ProviderFake } from './harness';
import { startOpenAIFake } from './openai';
import { startReplicateFake } from './replicate';

export { type FakeFault, type ProviderFake } from './harness';

/** The models the test providers file offers: one image and one edit model per provider (ids are ours). */
export const FAKE_MODELS: Record<ProviderId, { image: { id: string; model: string }; edit: { id: string; model: string } }> = {
  openai: { image: { id: 'openai-gpt-image', model: 'gpt-image-1' }, edit: { id: 'openai-gpt-image-edit', model: 'gpt-image-1' } },
  dashscope: { image: { id: 'dashscope-wan', model: 'wan2.2-t2i-flash' }, edit: { id: 'dashscope-wan-edit', model: 'wanx2.1-imageedit' } },
  fal: { image: { id: 'fal-flux-schnell', model: 'fal-ai/flux/schnell' }, edit: { id: 'fal-flux-fill', model: 'fal-ai/flux-pro/v1/fill' } },
  replicate: {
    image: { id: 'replicate-flux-schnell', model: 'black-forest-labs/flux-schnell' },
    edit: { id: 'replicate-bria-genfill', model: 'bria/genfill' },
  },
  google: { image: { id: 'google-gemini-image', model: 'gemini-3.1-flash-image' }, edit: { id: 'google-gemini-edit', model: 'gemini-3.1-flash-image' } },
};

/** The environment variable each fake's key goes in (the providers' own defaults). */
export const KEY_ENV: Record<ProviderId, string> = {
  openai: 'OPENAI_API_KEY',
  dashscope: 'DASHSCOPE_API_KEY',
  fal: 'FAL_KEY',
  replicate: 'REPLICATE_API_TOKEN',
  google: 'GOOGLE_GENERATIVE_AI_API_KEY',
};

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

export async function startProviderFakes(): Promise<ProviderFakes> {
  const [openai, dashscope, fal, replicate, google] = await Promise.all([
    startOpenAIFake(),
    startDashScopeFake(),
    startFalFake(),
    startReplicateFake(),
    startGoogleFake(),
  ]);
  const byId = { openai, dashscope, fal, replicate, google };
  const all = Object.values(byId);
  const ids = Object.keys(byId) as ProviderId[];
  return {
    ...byId,
    all,
    env: Object.fromEntries(ids.map((id) => [KEY_ENV[id], byId[id].key])),
    async writeProvidersFile(dir) {
      const file = path.join(dir, 'providers.json');
      const models = ids.flatMap((provider) => {
        const { image, edit } = FAKE_MODELS[provider];
        return [
          { id: image.id, kind: 'image', provider, provider_model: image.model, description: `${provider} text-to-image (fake)`, price: IMAGE_PRICE },
          { id: edit.id, kind: 'edit', provider, provider_model: edit.model, description: `${provider} image edit (fake)`, price: EDIT_PRICE },
        ];
      });
      const providers = Object.fromEntries(ids.map((id) => [id, { base_url: byId[id].baseUrl }]));
      await writeFile(file, JSON.stringify({ providers, models }, null, 2));
      return file;
    },
    close: async () => void (await Promise.all(all.map((fake) => fake.close()))),
  };
}
