import { z } from 'zod';
import { send } from './transport';

/**
 * The administrator's side of the service: minting keys (decisions.md row 14, `POST
 * /v1/admin/keys` with the admin token). Embedded mode mints one for each new user; the hosted
 * service's keys are pasted in Settings instead.
 */
export function createAdminClient({ baseUrl, adminToken, fetch: fetchImpl = fetch }: { baseUrl: string; adminToken: string; fetch?: typeof fetch }) {
  const transport = { baseUrl, apiKey: adminToken, fetch: fetchImpl };
  return {
    async mintKey(name: string): Promise<string> {
      const { key } = await send(transport, {
        method: 'POST',
        path: '/v1/admin/keys',
        body: { name },
        timeoutMs: 10_000,
        schema: z.object({ key: z.string().min(8) }),
      });
      return key;
    },
  };
}
