// GET /api/v1/models: the service's models (decisions.md row 10) that this key may use, with the prices Atelier trusts.
import { withApiKey } from '@/lib/api/v1';
import { serviceModels } from '@/lib/pricing/catalog';

export const dynamic = 'force-dynamic';

export const GET = withApiKey(async ({ ctx, key }) => {
  const models = await serviceModels(ctx);
  const data = models.filter((m) => key.models.length === 0 || key.models.includes(m.id)).map((m) => ({ object: 'model', ...m }));
  return Response.json({ object: 'list', data }, { headers: { 'cache-control': 'no-store' } });
});
