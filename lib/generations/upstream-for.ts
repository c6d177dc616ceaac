import { appConfig } from '../config';
import { resolveServiceKey, type KeyOwner } from '../keys/service-keys';
import { noteServiceTime } from '../observability/context';
import { metrics } from '../observability/metrics';
import { recordCall } from '../request-log/log';
import { createUpstreamClient, type UpstreamClient } from '../upstream';

/**
 * A service client signed with the caller's key (their own, else the team's). The key lives only
 * inside the client's closure: never return it, log it or put it in an error.
 */
export async function upstreamFor(ctx: KeyOwner & { apiKey?: { id: string } }): Promise<UpstreamClient> {
  const { apiKey } = await resolveServiceKey(ctx);
  const { upstream } = appConfig();
  return createUpstreamClient({
    baseUrl: upstream.baseUrl,
    apiKey,
    taskStatusPath: upstream.taskStatusPath,
    // Every call goes to the request log under whose it was, and to the latency metric (once per model it named).
    observe: (call) => {
      recordCall({ ...call, teamId: ctx.team.id, userId: ctx.user.id, apiKeyId: ctx.apiKey?.id ?? null });
      noteServiceTime(call.upstreamMs);
      const latency = metrics().serviceSeconds;
      for (const model of call.models) latency.observe({ operation: call.operation, model, status: String(call.status) }, call.upstreamMs / 1000);
    },
  });
}
