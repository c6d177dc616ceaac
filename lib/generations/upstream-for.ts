import { appConfig } from '../config';
import { resolveServiceKey, type KeyOwner } from '../keys/service-keys';
import { noteServiceTime } from '../observability/context';
import { metrics } from '../observability/metrics';
import { recordCall } from '../request-log/log';
import { createUpstreamClient, type UpstreamClient } from '../upstream';

/**
 * A service client signed with the caller's key (their own, else the team's). The key lives only
 * inside the client's closure: never return it, log it or put it in an error. `system`: the calls
 * are no member's request (a job's, or the server's own), logged as the system's, not as `ctx.user`.
 */
export async function upstreamFor(ctx: KeyOwner & { apiKey?: { id: string } }, { system = false }: { system?: boolean } = {}): Promise<UpstreamClient> {
  const { apiKey } = await resolveServiceKey(ctx);
  const { upstream } = appConfig();
  return createUpstreamClient({
    baseUrl: upstream.baseUrl,
    apiKey,
    taskStatusPath: upstream.taskStatusPath,
    // Every call goes to the request log under whose it was, and to the latency metric (once per model it named).
    observe: (call) => {
      const who = system ? { userId: null, apiKeyId: null, system } : { userId: ctx.user.id, apiKeyId: ctx.apiKey?.id ?? null };
      recordCall({ ...call, teamId: ctx.team.id, ...who });
      noteServiceTime(call.upstreamMs);
      const latency = metrics().serviceSeconds;
      for (const model of call.models) latency.observe({ operation: call.operation, model, status: String(call.status) }, call.upstreamMs / 1000);
    },
  });
}
