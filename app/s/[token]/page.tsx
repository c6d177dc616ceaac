import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { SharedCollectionView } from '@/components/share-page/shared-collection';
import { SharedView } from '@/components/share-page/shared-view';
import { appConfig } from '@/lib/config';
import { format } from '@/lib/i18n';
import { getI18n } from '@/lib/i18n/server';
import { previewAssetId, resolveShare, type Shared } from '@/lib/share';

type Props = { params: Promise<{ token: string }> };

/** Resolved once per request, for the metadata and the page. */
const loadShared = cache(resolveShare);

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { token } = await params;
  const [{ t, locale }, shared] = await Promise.all([getI18n(), loadShared(token)]);
  // The token is a secret in the URL: keep it out of Referer headers and search indexes.
  const base = { robots: { index: false, follow: false }, referrer: 'no-referrer' } satisfies Metadata;
  if (!shared) return { ...base, title: t.share.page.goneTitle };
  const origin = appConfig().publicUrl;
  const { kind, text, preview } = summary(shared);
  const title = format(t.share.meta.title[kind], { prompt: clip(text, 70) });
  const description = clip(text, 200);
  const image = preview ? `${origin}/s/${token}/media/${preview}?w=1024` : null;
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
      ...(image ? { images: [{ url: image, alt: clip(text, 120) }] } : {}),
      ...(result?.kind === 'video' ? { videos: [{ url: `${origin}/s/${token}/media/${result.assetId}`, type: 'video/mp4' }] } : {}),
    },
    twitter: { card: image ? 'summary_large_image' : 'summary', title, description, ...(image ? { images: [image] } : {}) },
  };
}

/** What a link preview says: the kind of thing shared, its prompt or name, and a picture (none for a lone video). */
function summary(shared: Shared) {
  if (shared.kind === 'collection') {
    const first = shared.collection.items[0];
    return { kind: 'collection' as const, text: shared.collection.name, preview: first?.assetId ?? null };
  }
  return { kind: shared.result.kind, text: shared.result.prompt, preview: previewAssetId(shared.result) };
}

export default async function SharePage({ params }: Props) {
  const { token } = await params;
  const shared = await loadShared(token);
  if (!shared) notFound();
  const { t } = await getI18n();
  const mediaBase = `/s/${token}/media`;
  if (shared.kind === 'collection') return <SharedCollectionView collection={shared.collection} mediaBase={mediaBase} t={t} />;
  return <SharedView result={shared.result} mediaBase={mediaBase} t={t} />;
}
