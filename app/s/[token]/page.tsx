import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { after } from 'next/server';
import { cache } from 'react';
import { Gallery, type GalleryItem } from '@/components/share-page/gallery';
import { SharedCollectionView } from '@/components/share-page/shared-collection';
import { SharedView } from '@/components/share-page/shared-view';
import { appConfig } from '@/lib/config';
import { format, type Dictionary } from '@/lib/i18n';
import { getI18n } from '@/lib/i18n/server';
import { countShareView, previewAssetId, resolveShare, sharedFiles, sharedTitle, type Shared } from '@/lib/share';

type Props = { params: Promise<{ token: string }> };

/** Resolved once per request, for the metadata and the page. */
const loadShared = cache(resolveShare);

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

/** The Open Graph image: the first picture's 1024 px WebP, whose size follows from the file's (never enlarged). */
function ogImage(origin: string, token: string, shared: Shared, alt: string) {
  const assetId = preview(shared);
  if (!assetId) return null;
  const file = sharedFiles(shared).find((f) => f.assetId === assetId);
  const scale = file?.width && file.height ? Math.min(1, 1024 / file.width) : null;
  return {
    url: `${origin}/s/${token}/media/${assetId}?w=1024`,
    type: 'image/webp',
    alt,
    ...(scale && file?.width && file.height ? { width: Math.round(file.width * scale), height: Math.round(file.height * scale) } : {}),
  };
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { token } = await params;
  const [{ t, locale }, shared] = await Promise.all([getI18n(), loadShared(token)]);
  // The token is a secret in the URL: keep it out of Referer headers and search indexes.
  const base = { robots: { index: false, follow: false }, referrer: 'no-referrer' } satisfies Metadata;
  if (!shared) return { ...base, title: t.share.page.goneTitle };
  const origin = appConfig().publicUrl;
  const kind = shared.kind === 'collection' ? 'collection' : shared.result.kind;
  const text = sharedTitle(shared);
  // A link that hides its prompt says only what kind of thing it is.
  const title = text === null ? t.share.page.kicker[kind] : format(t.share.meta.title[kind], { prompt: clip(text, 70) });
  const description = text === null ? t.share.page.kicker[kind] : clip(text, 200);
  const image = ogImage(origin, token, shared, clip(text ?? t.share.page.kicker[kind], 120));
  const result = shared.kind === 'result' ? shared.result : null;
  return {
    ...base,
    title,
    description,
    openGraph: {
      type: result?.kind === 'video' ? 'video.other' : 'website',
      siteName: t.app.name,
      locale: locale === 'zh-CN' ? 'zh_CN' : 'en_US',
      url: `${origin}/s/${token}`,
      title,
      description,
      // Without a picture of its own (none is stored yet), the brand card.
      images: [image ?? { url: `${origin}/og.png`, width: 1200, height: 630, alt: t.app.name }],
      ...(result?.kind === 'video' ? { videos: [{ url: `${origin}/s/${token}/media/${result.assetId}`, type: 'video/mp4' }] } : {}),
    },
    twitter: { card: 'summary_large_image', title, description, images: [image ? { url: image.url, alt: image.alt } : `${origin}/og.png`] },
  };
}

/** The picture a link preview shows: a collection's first, a result's (lib/share's previewAssetId). */
function preview(shared: Shared): string | null {
  if (shared.kind === 'collection') return shared.collection.items.find((item) => !item.video)?.assetId ?? shared.collection.items[0]?.assetId ?? null;
  return previewAssetId(shared.result);
}

/** What the gallery's viewer says of each file: only what the link shows. */
function galleryItems(shared: Shared, mediaBase: string, t: Dictionary): GalleryItem[] {
  return sharedFiles(shared).map((file) => ({
    src: `${mediaBase}/${file.assetId}`,
    video: file.video,
    name: file.role === 'original' ? t.share.page.original : null,
    prompt: file.prompt,
    model: file.model,
    size: file.size,
    width: file.width,
  }));
}

/**
 * A page a person opened counts one view (after the answer, off its path); a link-preview bot does
 * not, nor does a refresh of the page's data from the page itself (a language switch: an RSC request).
 */
async function countView(token: string) {
  const request = await headers();
  if (request.has('rsc') || request.has('next-router-prefetch') || request.get('sec-purpose')?.includes('prefetch')) return;
  const userAgent = request.get('user-agent');
  after(() => countShareView(token, userAgent));
}

export default async function SharePage({ params }: Props) {
  const { token } = await params;
  const shared = await loadShared(token);
  if (!shared) notFound();
  await countView(token);
  const { t } = await getI18n();
  const mediaBase = `/s/${token}/media`;
  const files = sharedFiles(shared);
  const gallery = Object.fromEntries(files.map((file, i) => [file.assetId, i]));
  const zip = files.length > 1 ? `/s/${token}/zip` : null;
  return (
    <Gallery items={galleryItems(shared, mediaBase, t)}>
      {shared.kind === 'collection' ? (
        <SharedCollectionView collection={shared.collection} show={shared.show} gallery={gallery} mediaBase={mediaBase} zip={zip} t={t} />
      ) : (
        <SharedView result={shared.result} show={shared.show} gallery={gallery} mediaBase={mediaBase} zip={zip} t={t} />
      )}
    </Gallery>
  );
}
