import type { Shared } from './resolve-public';

/** One file a link shows, in the page's order: what the gallery, a download and the ZIP say of it. */
export interface SharedFile {
  assetId: string;
  video: boolean;
  /** An edit's original, or a result. */
  role: 'original' | 'result';
  /** null when the link hides it. */
  prompt: string | null;
  model: string | null;
  /** `1024x1024`, or a video's `720p · 16:9`; null when the link hides sizes or none is known. */
  size: string | null;
  width: number | null;
  height: number | null;
}

const pixels = (size: string) =>
  size
    .match(/^(\d+)x(\d+)$/)
    ?.slice(1)
    .map(Number) ?? [null, null];

/**
 * Every file of a link, in the order its page shows them: a collection's results, a board's images
 * column by column, an edit's original then each result, a video. The ZIP holds exactly these, so it
 * never serves more than the page (an edit's mask serves for its page but is not shown, nor zipped).
 */
export function sharedFiles(shared: Shared): SharedFile[] {
  const size = (value: string | null) => (shared.show.size ? value : null);
  if (shared.kind === 'collection') {
    return shared.collection.items.map((item) => {
      // A board's stored images carry no size of their own: the size the board asked for says it.
      const [width, height] = item.width && item.height ? [item.width, item.height] : pixels(item.size ?? '');
      return { ...item, role: 'result', size: size(item.size), width, height };
    });
  }
  const result = shared.result;
  if (result.kind === 'comparison') {
    const [width, height] = pixels(result.size);
    return result.columns.flatMap((column) =>
      column.images.map((assetId) => ({
        assetId,
        video: false,
        role: 'result' as const,
        prompt: result.prompt,
        model: column.model,
        size: size(result.size),
        width,
        height,
      })),
    );
  }
  if (result.kind === 'edit') {
    const own = { video: false, prompt: result.prompt, size: size(`${result.width}x${result.height}`), width: result.width, height: result.height };
    return [
      { ...own, assetId: result.originalAssetId, role: 'original', prompt: null, model: null },
      ...result.results.map((r) => ({ ...own, assetId: r.assetId, role: 'result' as const, model: r.model })),
    ];
  }
  const model = result.models[0] ?? null;
  return [
    {
      assetId: result.assetId,
      video: true,
      role: 'result',
      prompt: result.prompt,
      model,
      size: size(`${result.resolution} · ${result.aspectRatio}`),
      width: null,
      height: null,
    },
  ];
}

/** What a link is called: the collection's name, else the prompt when the link shows it. */
export function sharedTitle(shared: Shared): string | null {
  return shared.kind === 'collection' ? shared.collection.name : shared.result.prompt;
}

/** Letters and digits of any script joined by dashes, at most `max` characters: a file name's words. */
export function slug(text: string, max = 48): string {
  const words =
    text
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.join('-').slice(0, max).replace(/-+$/, '');
}

/** A file's extension from its type (`image/png` → `png`, `video/mp4` → `mp4`). */
const extensionOf = (contentType: string) => contentType.split('/')[1]?.replace(/[^a-z0-9]/g, '') || 'bin';

/** A file's name in the ZIP: its place in the link, then its model when shown (`03-atelier-vista.png`, `01-original.png`). */
export function sharedFileName(file: SharedFile, index: number, contentType: string): string {
  const place = String(index + 1).padStart(2, '0');
  const what = file.role === 'original' ? 'original' : file.model && slug(file.model);
  return `${what ? `${place}-${what}` : place}.${extensionOf(contentType)}`;
}

/** The name the link's ZIP, and each file downloaded alone, start with: its title's words, else `atelier-share`. */
export function sharedBaseName(shared: Shared): string {
  const title = sharedTitle(shared);
  return (title && slug(title, 40)) || 'atelier-share';
}

/**
 * The ZIP's manifest.json: what was shared, then each file with its prompt, model and size, each
 * left out when the link hides it.
 */
export function sharedManifest(shared: Shared, files: Array<{ file: SharedFile; name: string }>) {
  const title = sharedTitle(shared);
  return {
    kind: shared.kind === 'collection' ? 'collection' : shared.result.kind,
    ...(shared.kind === 'collection' ? { name: shared.collection.name } : {}),
    ...(shared.kind === 'result' && title !== null ? { prompt: title } : {}),
    files: files.map(({ file, name }) => ({
      file: name,
      ...(file.role === 'original' ? { original: true } : {}),
      ...(file.prompt !== null && shared.kind === 'collection' ? { prompt: file.prompt } : {}),
      ...(file.model !== null ? { model: file.model } : {}),
      ...(file.size !== null ? { size: file.size } : {}),
    })),
  };
}
