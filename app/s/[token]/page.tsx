import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { SharedView } from '@/components/share/shared-view';
import { appConfig } from '@/lib/config';
import { format } from '@/lib/i18n';
import { getI18n } from '@/lib/i18n/server';
import { previewAssetId, resolveSharedResult } from '@/lib/share';

type Props = { params: Promise<{ token: string }> };

/** Resolved once per request, for the metadata and the page. */
const loadShared = cache(resolveSharedResult);

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { token } = await params;
  const [{ t, locale }, result] = await Promise.all([getI18n(), loadShared(token)]);
  // The token is a secret in the URL: keep it out of Referer headers and search indexes.
  const base = { robots: { index: false, follow: false }, referrer: 'no-referrer' } satisfies Metadata;
  if (!result) return { ...base, title: t.share.page.goneTitle };
  const origin = appConfig().publicUrl;
  const title = format(t.share.meta.title[result.kind], { prompt: clip(result.prompt, 70) });
  const description = clip(result.prompt, 200);
  const preview = previewAssetId(result);
  const image = preview ? `${origin}/s/${token}/media/${preview}?w=1024` : null;
  return {
    ...base,
    title,
    description,
    openGraph: {
      type: result.kind === 'video' ? 'video.other' : 'website',
      siteName: t.app.name,
      locale: locale === 'zh-CN' ? 'zh_CN' : 'en_US',
      url: `${origin}/s/${token}`,
      title,
      description,
      ...(image ? { images: [{ url: image, alt: clip(result.prompt, 120) }] } : {}),
      ...(result.kind === 'video' ? { videos: [{ url: `${origin}/s/${token}/media/${result.assetId}`, type: 'video/mp4' }] } : {}),
    },
    twitter: { card: image ? 'summary_large_image' : 'summary', title, description, ...(image ? { images: [image] } : {}) },
  };
}

export default async function SharePage({ params }: Props) {
  const { token } = await params;
  const result = await loadShared(token);
  if (!result) notFound();
  const { t } = await getI18n();
  return <SharedView result={result} mediaBase={`/s/${token}/media`} t={t} />;
}
