import { jsonEntry, storedEntry, zipBody } from '../assets/zip';
import { db } from '../runtime';
import { resolveShareOfTeam } from './resolve-public';
import { sharedBaseName, sharedFileName, sharedFiles, sharedManifest } from './shared-files';

/**
 * Everything a live link shows as one streamed ZIP, or null (not found): `manifest.json` first, then
 * each file of the page in its order, named by place and model. Only the link's own files, read in
 * its team; prompts, models and sizes the link hides are left out of the manifest too.
 */
export async function sharedZip(token: string): Promise<{ name: string; body: ReadableStream<Uint8Array> } | null> {
  const resolved = await resolveShareOfTeam(token);
  if (!resolved) return null;
  const { teamId, shared } = resolved;
  const files = sharedFiles(shared);
  const assets = await (
    await db()
  ).asset.findMany({ where: { id: { in: files.map((f) => f.assetId) }, teamId }, select: { id: true, storageKey: true, contentType: true } });
  const byId = new Map(assets.map((asset) => [asset.id, asset]));
  // Named by their place on the page, as each downloads alone.
  const named = files.flatMap((file, i) => {
    const asset = byId.get(file.assetId);
    return asset ? [{ file, asset, name: sharedFileName(file, i, asset.contentType) }] : [];
  });
  if (named.length === 0) return null;
  return {
    name: `${sharedBaseName(shared)}.zip`,
    body: zipBody([jsonEntry('manifest.json', sharedManifest(shared, named)), ...named.map(({ name, asset }) => storedEntry(name, asset.storageKey))]),
  };
}

/** The name one file of a link downloads under (`<title>-03-atelier-vista.png`), or null when the link does not show it. */
export async function sharedDownloadName(token: string, assetId: string, contentType: string): Promise<string | null> {
  const resolved = await resolveShareOfTeam(token);
  if (!resolved) return null;
  const files = sharedFiles(resolved.shared);
  const index = files.findIndex((file) => file.assetId === assetId);
  if (index < 0) return null;
  return `${sharedBaseName(resolved.shared)}-${sharedFileName(files[index], index, contentType)}`;
}
