import type { TeamContext } from '../auth/context';
import { serviceModels } from '../pricing/catalog';
import { parseVideoPrice } from '../pricing/list-price';
import { SERVICE_DEFAULTS } from '../upstream/defaults';
import { RESOLUTIONS, type Resolution, type VideoModelOption } from './estimate';

/** The video models the service offers this team, with what the form needs to estimate a run. */
export async function videoModels(ctx: TeamContext): Promise<VideoModelOption[]> {
  return (await serviceModels(ctx))
    .filter((m) => m.kind === 'video')
    .map((m) => {
      const resolutions = (m.resolutions ?? []).filter((r): r is Resolution => (RESOLUTIONS as readonly string[]).includes(r));
      return {
        id: m.id,
        ...(m.description ? { description: m.description } : {}),
        // The interface's default duration (5 s) when a model lists none.
        durations: m.durations?.length ? m.durations : [SERVICE_DEFAULTS.videoDuration],
        resolutions: resolutions.length ? resolutions : [...RESOLUTIONS],
        price: parseVideoPrice(m.price),
      };
    });
}
