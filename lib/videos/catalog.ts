import type { TeamContext } from '../auth/context';
import { serviceModels } from '../generations/models';
import { RESOLUTIONS, videoPriceSchema, type Resolution, type VideoModelOption } from './estimate';

/** The video models the service offers this team, with what the form needs to estimate a run. */
export async function videoModels(ctx: TeamContext): Promise<VideoModelOption[]> {
  return (await serviceModels(ctx))
    .filter((m) => m.kind === 'video')
    .map((m) => {
      const resolutions = (m.resolutions ?? []).filter((r): r is Resolution => (RESOLUTIONS as readonly string[]).includes(r));
      const price = videoPriceSchema.safeParse(m.price);
      return {
        id: m.id,
        ...(m.description ? { description: m.description } : {}),
        // The interface's default duration is 5 s when a model lists none.
        durations: m.durations?.length ? m.durations : [5],
        resolutions: resolutions.length ? resolutions : [...RESOLUTIONS],
        price: price.success ? price.data : null,
      };
    });
}
