import type { Metadata } from 'next';
import { z } from 'zod';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { Clapperboard, Download, LayoutGrid, WandSparkles } from 'lucide-react';
import { BackLink } from '@/components/back-link';
import { ItemViewer } from '@/components/library/item-viewer';
import { CollectPicker } from '@/components/library/collections';
import { FavoriteToggle } from '@/components/library/favorite-toggle';
import { ItemTags } from '@/components/library/item-tags';
import { MaskGuardFacts } from '@/components/library/mask-guard-facts';
import { ReviewPanel } from '@/components/review/review-panel';
import { ReviewScope } from '@/components/review/review-scope';
import { SimilarResults } from '@/components/library/similar-results';
import { TrashButton } from '@/components/library/trash-buttons';
import { LocalTime } from '@/components/local-time';
import { ShareButton } from '@/components/share/share-button';
import { Card, CardBody } from '@/components/ui/card';
import { buttonClass } from '@/components/ui/button';
import { previewUrl } from '@/lib/assets/preview-url';
import { teamPage } from '@/lib/auth/page-context';
import { atLeast } from '@/lib/auth/roles';
import { queryString, type SearchParams } from '@/lib/http/page-query';
import { format, formatCny } from '@/lib/i18n';
import { getI18n } from '@/lib/i18n/server';
import { isUuid } from '@/lib/ids';
import { listCollections } from '@/lib/library/collections';
import { getLibraryItem, libraryFiltersSchema, neighbours } from '@/lib/library/items';
import { TRASH_DAYS } from '@/lib/library/trash';
import { listTags, suggestTags, tagsOf } from '@/lib/library/tags';
import { tagResults, untagResult } from '../tag-actions';
import { collectResults, deleteResults, favoriteResult, restoreResults } from '../actions';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getI18n()).t.library.title };
}

/** One result, full size, with every fact, its lineage and what can be done with it; ←/→ walk the filtered set. */
export default async function LibraryItemPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: SearchParams }) {
  const { id } = await params;
  if (!isUuid(id)) notFound();
  const { ctx, t, locale, query } = await teamPage(libraryFiltersSchema.extend({ thread: z.uuid().optional() }), searchParams);
  // `thread`: the thread an inbox item leads to, opened; the rest are the library's filters, kept by ← and →.
  const { thread, ...filters } = query;
  const item = await getLibraryItem(ctx, id);
  if (!item) notFound();
  const [{ newer, older }, collections, teamTags, carried] = await Promise.all([
    neighbours(ctx, item, filters),
    listCollections(ctx),
    listTags(ctx),
    tagsOf(ctx, id),
  ]);
  const suggestions = item.inTrash
    ? []
    : await suggestTags(
        ctx,
        item.prompt,
        carried.map((tag) => tag.name),
      );
  const filterQuery = queryString(filters);
  const withFilters = (path: string) => (filterQuery ? `${path}?${filterQuery}` : path);
  const d = t.library.detail;
  const image = item.contentType?.startsWith('image/') ?? item.kind !== 'video';
  const facts: Array<[string, React.ReactNode]> = [
    [d.model, item.model],
    ...(item.seed
      ? [
          [
            d.seed,
            <span key="seed" className="tabular-nums">
              {item.seed}
            </span>,
          ] as [string, React.ReactNode],
        ]
      : []),
    ...(item.size ? [[d.size, item.size] as [string, React.ReactNode]] : []),
    [
      d.cost,
      item.cost ? (
        formatCny(item.cost, locale)
      ) : (
        <span key="cost" className="text-ink-muted">
          {d.costShared}
        </span>
      ),
    ],
    [d.by, item.apiKey ? format(t.library.viaKey, { name: item.author, key: item.apiKey }) : item.author],
    [d.when, <LocalTime key="when" at={item.createdAt} />],
    [d.shared, item.shareLinks ? format(d.sharedCount, { n: item.shareLinks }) : d.notShared],
  ];

  return (
    <ReviewScope key={item.id} outputId={item.id} thread={thread}>
      <div className="grid gap-5">
        <nav className="flex flex-wrap items-center justify-between gap-3">
          <BackLink href={withFilters('/library')}>{d.back}</BackLink>
          <span className="text-xs text-ink-subtle">{d.keys}</span>
        </nav>
        <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <ItemViewer
            src={item.assetId ? `/api/assets/${item.assetId}` : null}
            poster={item.assetId ? previewUrl(item.assetId) : null}
            video={!image}
            alt={item.prompt}
            newer={newer ? withFilters(`/library/${newer}`) : null}
            older={older ? withFilters(`/library/${older}`) : null}
          />
          <div className="grid gap-4">
            <Card>
              <CardBody className="grid gap-4">
                <div className="grid gap-1.5">
                  <h1 className="text-xs font-medium text-ink-subtle">{d.prompt}</h1>
                  <p data-testid="item-prompt" className="text-sm leading-relaxed text-ink">
                    {item.prompt}
                  </p>
                </div>
                {item.revisedPrompt && (
                  <div className="grid gap-1.5">
                    <h2 className="text-xs font-medium text-ink-subtle">{d.revisedPrompt}</h2>
                    <p className="text-[13px] leading-relaxed text-ink-muted">{item.revisedPrompt}</p>
                  </div>
                )}
                <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 border-t border-line pt-4 text-[13px]">
                  {facts.map(([label, value]) => (
                    <div key={label} className="contents">
                      <dt className="text-ink-subtle">{label}</dt>
                      <dd className="min-w-0 truncate text-ink">{value}</dd>
                    </div>
                  ))}
                </dl>
                {item.maskGuard && <MaskGuardFacts guard={item.maskGuard} assetId={item.assetId} rawAssetId={item.rawAssetId} t={t} locale={locale} />}
                {!item.assetId && <p className="rounded-control bg-warning-soft px-3 py-2 text-xs text-warning">{d.notStored}</p>}
              </CardBody>
            </Card>
            <div className="flex flex-wrap gap-2">
              {item.assetId && (
                <a href={`/api/assets/${item.assetId}?download=1`} download className={buttonClass('secondary', 'sm')}>
                  <Download />
                  {d.download}
                </a>
              )}
              <ShareButton target={{ outputId: item.id }} />
              <FavoriteToggle id={item.id} favorite={item.favorite} action={favoriteResult} />
              {(item.mine || atLeast(ctx.role, 'admin')) && (
                <TrashButton id={item.id} inTrash={item.inTrash} after={withFilters('/library')} remove={deleteResults} restore={restoreResults} />
              )}
            </div>
            {!item.inTrash && (
              <Card>
                <CardBody>
                  <ReviewPanel version={item.kind === 'edit' && item.lineage ? item.lineage.steps.length + 1 : null} />
                </CardBody>
              </Card>
            )}
            {item.inTrash && item.deletedAt && (
              <p data-testid="in-trash" className="rounded-control bg-warning-soft px-3 py-2 text-xs text-warning">
                {t.library.trash.inTrash} <LocalTime at={new Date(Date.parse(item.deletedAt) + TRASH_DAYS * 86_400_000)} options={{ dateStyle: 'medium' }} />
              </p>
            )}
            {!item.inTrash && <CollectPicker selection={{ ids: [item.id] }} collections={collections} collect={collectResults} stacked />}
            {!item.inTrash && <ItemTags id={item.id} carried={carried} suggestions={suggestions} tags={teamTags} tag={tagResults} untag={untagResult} />}
            <div className="grid gap-2">
              {image && item.assetId && (
                <Link href={`/edit?asset=${item.assetId}`} className={buttonClass('secondary', 'sm', 'justify-start')}>
                  <WandSparkles />
                  {d.editThis}
                </Link>
              )}
              <Link
                href={`/compare?${new URLSearchParams({ prompt: item.prompt, ...(item.seed ? { seed: item.seed } : {}), ...(item.size && /^\d+x\d+$/.test(item.size) && item.kind === 'comparison' ? { size: item.size } : {}) })}`}
                className={buttonClass('secondary', 'sm', 'justify-start')}
              >
                <LayoutGrid />
                {d.newBoard}
              </Link>
              <Link href={`/videos?${new URLSearchParams({ prompt: item.prompt })}`} className={buttonClass('secondary', 'sm', 'justify-start')}>
                <Clapperboard />
                {d.videoFromPrompt}
              </Link>
              <Link href={item.href} className={buttonClass('ghost', 'sm', 'justify-start')}>
                {d.openOrigin[item.kind]}
              </Link>
            </div>
            {item.lineage && (item.lineage.original || item.lineage.steps.length > 0) && (
              <Card>
                <CardBody className="grid gap-3">
                  <h2 className="text-xs font-medium text-ink-subtle">{d.lineage}</h2>
                  <ol data-testid="lineage" className="flex flex-wrap items-center gap-2">
                    {item.lineage.original && (
                      <LineageStep src={previewUrl(item.lineage.original)} label={d.original} href={`/edit?asset=${item.lineage.original}`} />
                    )}
                    {item.lineage.steps.map((step) => (
                      <LineageStep key={step.generationId} src={step.assetId ? previewUrl(step.assetId) : null} label={step.prompt} href={step.href} />
                    ))}
                    {item.assetId && <LineageStep src={previewUrl(item.assetId)} label={d.thisOne} current />}
                  </ol>
                </CardBody>
              </Card>
            )}
          </div>
        </div>
        {image && item.assetId && !item.inTrash && <SimilarResults id={item.id} />}
      </div>
    </ReviewScope>
  );
}

function LineageStep({ src, label, href, current }: { src: string | null; label: string; href?: string; current?: boolean }) {
  const body = (
    <>
      {/* eslint-disable-next-line @next/next/no-img-element -- our own stored preview */}
      {src ? <img src={src} alt="" className="size-14 rounded-control object-cover" /> : <span className="block size-14 rounded-control bg-subtle" />}
      <span className="block max-w-14 truncate text-[11px] text-ink-muted">{label}</span>
    </>
  );
  return (
    <li className={current ? 'rounded-control ring-2 ring-accent ring-offset-2 ring-offset-surface' : undefined} title={label}>
      {href ? (
        <Link href={href} className="focus-ring grid gap-1 rounded-control">
          {body}
        </Link>
      ) : (
        <span className="grid gap-1">{body}</span>
      )}
    </li>
  );
}
