// ByteDance's Seedance 1.0 Pro, which Ark, fal and Replicate all host: what it makes is the model's,
// not the host's (each host's docs give the same: 2 to 12 whole seconds, 5 by default, 480p to 1080p,
// silent, seeded). How each host spells the call (a string "5" at fal, an integer elsewhere) is its adapter's.
import type { VideoModelCapabilities } from './types';

export const SEEDANCE_1_PRO: VideoModelCapabilities = {
  kind: 'video',
  durations: [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
  defaultDuration: 5,
  resolutions: ['480p', '720p', '1080p'],
  aspectRatios: ['16:9', '9:16', '1:1'],
  audio: false,
  seed: true,
};
