import { describe, expect, it } from 'vitest';
import { modelListSchema, serviceModelShape } from './models';

// GET /v1/models as services say it: what a video model can make (its provider's default duration,
// aspect ratios, sound) is kept when it is well formed and dropped, not fatal, when it is not.

describe('a video model in the list', () => {
  const kling = {
    id: 'kling-video',
    object: 'model',
    kind: 'video',
    provider: { id: 'kling', name: 'Kling AI' },
    durations: [5, 10],
    default_duration: 5,
    resolutions: ['1080p'],
    aspect_ratios: ['16:9', '9:16', '1:1'],
    audio: false,
    price: { currency: 'CNY', per_second: { '1080p': 0.8 }, audio_per_second: 0 },
  };

  it('keeps where it runs and what it makes', () => {
    const [model] = modelListSchema.parse({ object: 'list', data: [kling] });
    expect(model).toMatchObject({
      id: 'kling-video',
      kind: 'video',
      provider: { id: 'kling', name: 'Kling AI' },
      durations: [5, 10],
      resolutions: ['1080p'],
      can: { defaultDuration: 5, aspectRatios: ['16:9', '9:16', '1:1'], audio: false },
    });
    // Atelier's /api/v1/models answers it in the service's own words again.
    expect(serviceModelShape(model)).toMatchObject({ default_duration: 5, aspect_ratios: ['16:9', '9:16', '1:1'], audio: false });
  });

  it('drops a capability it cannot read, and keeps the model', () => {
    const [model] = modelListSchema.parse([{ ...kling, default_duration: '5 s', audio: 'no', aspect_ratios: null }]);
    expect(model.id).toBe('kling-video');
    expect(model.can?.defaultDuration).toBeUndefined();
    expect(model.can?.audio).toBeUndefined();
    expect(model.can?.aspectRatios).toBeUndefined();
  });
});
