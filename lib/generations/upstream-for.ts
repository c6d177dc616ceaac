import type { TeamContext } from '../auth/context';
import { appConfig } from '../config';
import { resolveServiceKey } from '../keys/service-keys';
import { createUpstreamClient, type UpstreamClient } from '../upstream';

/**
 * A service client signed with the caller's key (their own, else the team's). The key lives only
 * inside the client's closure: never return it, log it or put it in an error.
 */
export async function upstreamFor(ctx: TeamContext): Promise<UpstreamClient> {
  const { apiKey } = await resolveServiceKey(ctx);
  const { upstream } = appConfig();
  return createUpstreamClient({ baseUrl: upstream.baseUrl, apiKey, taskStatusPath: upstream.taskStatusPath });
}
