import type { TeamContext } from '../auth/context';
import { serviceModels } from '../pricing/catalog';
import { parseVideoPrice } from '../pricing/list-price';
import { SERVICE_DEFAULTS } from '../upstream/defaults';
import { ASPECT_RATIOS, RESOLUTIONS, type AspectRatio, type Resolution, type VideoModelOption } from './estimate';

/** The video models the service offers this team, with what the form needs to estimate a run. */
export async function videoModels(ctx: TeamContext): Promise<VideoModelOption[]> {
  return (await serviceModels(ctx))
    .filter((m) => m.kind === 'video')
    .map((m) => {
      const resolutions = (m.resolutions ?? []).filter((r): r is Resolution => (RESOLUTIONS as readonly string[]).includes(r));
      const aspectRatios = (m.can?.aspectRatios ?? []).filter((r): r is AspectRatio => (ASPECT_RATIOS as readonly string[]).includes(r));
      // The interface's default duration (5 s) when a model lists none.
      const durations = m.durations?.length ? m.durations : [SERVICE_DEFAULTS.videoDuration];
      const defaultDuration = m.can?.defaultDuration;
      return {
        id: m.id,
        ...(m.description ? { description: m.description } : {}),
        ...(m.provider ? { provider: m.provider } : {}),
        durations,
        defaultDuration: defaultDuration && durations.includes(defaultDuration) ? defaultDuration : durations.includes(5) ? 5 : durations[0],
        resolutions: resolutions.length ? resolutions : [...RESOLUTIONS],
        aspectRatios: aspectRatios.length ? aspectRatios : [...ASPECT_RATIOS],
        // A service that does not say: as the interface, every model may make sound.
        audio: m.can?.audio ?? true,
        price: parseVideoPrice(m.price),
      };
    });
}
